import Foundation

// sqlitedata-bench: times our engine against raw C SQLite doing the same work, and prints a table
// (and optionally JSON) of medians, p99s and ratios.

let options: Options
do {
  switch try Command(arguments: Array(CommandLine.arguments.dropFirst())) {
  case .help:
    Console.print(Command.usage)
    exit(0)
  case .run(let parsed):
    options = parsed
  }
} catch {
  Console.printError("sqlitedata-bench: \(error)\n")
  Console.printError(Command.usage)
  exit(2)
}

let workloads = allWorkloads().filter(options.includes)
guard !workloads.isEmpty else {
  let names = allWorkloads().map { "  \($0.name)" }.joined(separator: "\n")
  Console.printError(
    "sqlitedata-bench: no workload matches '\(options.filter ?? "")'. Workloads:\n\(names)")
  exit(2)
}

let harness = Harness(iterations: options.iterations)
let table = ResultTable(names: workloads.map(\.name))
Console.print(table.header)
var results: [WorkloadResult] = []
for workload in workloads {
  do {
    let result = try harness.run(workload)
    results.append(result)
    Console.print(table.row(result))
  } catch {
    Console.printError("sqlitedata-bench: \(workload.name) failed: \(error)")
    exit(1)
  }
}

if let path = options.jsonPath {
  do {
    try JSONReport.write(results, to: path)
  } catch {
    Console.printError("sqlitedata-bench: cannot write \(path): \(error)")
    exit(1)
  }
}
