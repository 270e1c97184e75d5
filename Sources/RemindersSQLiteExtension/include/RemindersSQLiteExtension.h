// Nothing to import: this target is a loadable SQLite extension, used only through `.load`.
