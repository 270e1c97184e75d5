# bash completion for reminders: source it, or copy it to /usr/share/bash-completion/completions/.
_reminders() {
  local current previous command word
  current="${COMP_WORDS[COMP_CWORD]}"
  previous="${COMP_WORDS[COMP_CWORD-1]}"
  command=""
  for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case "$word" in
      add|ls|list|done|edit|rm|lists|search|seed|export|import|sync|account|share|unshare|accept|shares|server) command="$word"; break ;;
    esac
  done
  case "$previous" in
    --db|--output|-o|--password-file) COMPREPLY=($(compgen -f -- "$current")); return ;;
    --sort) COMPREPLY=($(compgen -W "due manual priority title" -- "$current")); return ;;
    --priority) COMPREPLY=($(compgen -W "none low medium high" -- "$current")); return ;;
    --format) COMPREPLY=($(compgen -W "json ics" -- "$current")); return ;;
    --color) COMPREPLY=($(compgen -W "red orange yellow green mint teal blue indigo purple pink brown gray" -- "$current")); return ;;
  esac
  local options
  case "$command" in
    "") options="add ls list done edit rm lists search seed export import sync account share unshare accept shares server --db --help" ;;
    add) options="--list --notes --flag --json --help" ;;
    ls|list) options="--today --scheduled --flagged --completed --list --tag --all --sort --limit --json --help" ;;
    done) options="--reopen --help" ;;
    edit) options="--title --notes --due --no-due --priority --flag --unflag --list --tags --add-tag --remove-tag --json --help" ;;
    rm) options="--help" ;;
    lists) options="add rename rm --json --color --yes --help" ;;
    search) options="--all --json --help" ;;
    seed) options="--force --help" ;;
    export) options="--format --output --help" ;;
    import) options="--format --list --help"; COMPREPLY=($(compgen -f -- "$current")) ;;
    sync) options="--status --help" ;;
    account) options="login status logout --server --user --password-file --delete-local-data --discard-unsent --keep-local-data --help" ;;
    share) options="--with --invite --read-only --help" ;;
    unshare) options="--user --help" ;;
    accept) options="--help" ;;
    shares) options="--json --help" ;;
    server) options="init add-user --url --password-file --help" ;;
  esac
  COMPREPLY+=($(compgen -W "$options" -- "$current"))
}
complete -F _reminders reminders
