// swift-tools-version: 6.0
import CompilerPluginSupport
import Foundation
import PackageDescription

// Macros build against the compiled swift-syntax that ships inside the Swift toolchain
// (`<toolchain>/usr/lib/swift/host`), because outside packages cannot be fetched here.
// The folder is found from the `swift` on PATH at manifest time, never hard-coded.
let toolchainHostFolder: String = {
  let fileManager = FileManager.default
  let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
  for directory in searchPath.split(separator: ":") {
    let candidate = "\(directory)/swift"
    guard fileManager.isExecutableFile(atPath: candidate) else { continue }
    let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath()
    let host = resolved.deletingLastPathComponent()  // usr/bin
      .deletingLastPathComponent()  // usr
      .appendingPathComponent("lib/swift/host").path
    if fileManager.fileExists(atPath: "\(host)/SwiftSyntax.swiftmodule") { return host }
  }
  fatalError(
    """
    Could not find the Swift toolchain's swift-syntax (usr/lib/swift/host/SwiftSyntax.swiftmodule) \
    next to any `swift` on PATH. Put the toolchain's usr/bin first on PATH and build again.
    """)
}()

let swiftSyntaxLibraries = [
  "SwiftSyntax", "SwiftSyntaxMacros", "SwiftDiagnostics", "SwiftParser", "SwiftOperators",
  "SwiftBasicFormat", "SwiftSyntaxBuilder", "SwiftSyntaxMacroExpansion", "SwiftParserDiagnostics",
  "SwiftCompilerPluginMessageHandling",
]

let package = Package(
  name: "SQLiteData",
  products: [
    .library(name: "SQLiteData", targets: ["SQLiteData"]),
    .library(name: "SQLiteDataTestSupport", targets: ["SQLiteDataTestSupport"]),
    // The same test support under the module name upstream's test files import.
    .library(name: "DependenciesTestSupport", targets: ["DependenciesTestSupport"]),
    .library(name: "CasePaths", targets: ["CasePaths"]),
    .executable(name: "reminders", targets: ["reminders"]),
    .executable(name: "sqlitedata-bench", targets: ["SQLiteDataBenchmarks"]),
    // `uuid()` for the sqlite3 shell: `.load .build/debug/libRemindersSQLiteExtension`.
    .library(name: "RemindersSQLiteExtension", type: .dynamic, targets: ["RemindersSQLiteExtension"]),
  ],
  targets: [
    // C shims: module maps over the system libraries, plus inline wrappers for what Swift cannot see.
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
    .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW"),
    .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", providers: [.apt(["libpq-dev"])]),

    // Engine: connections, statements, values, queues and pools, transactions, migrations, hooks.
    .target(name: "SQLiteEngine", dependencies: ["CSQLite"]),

    // Query language: the compile-time half (macros) and the runtime half.
    .macro(
      name: "SQLiteQueriesMacros",
      swiftSettings: [.unsafeFlags(["-I", toolchainHostFolder])],
      linkerSettings: [
        .unsafeFlags(["-L", toolchainHostFolder, "-Xlinker", "-rpath", "-Xlinker", toolchainHostFolder])
      ] + swiftSyntaxLibraries.map { .linkedLibrary($0) }
    ),
    .target(name: "SQLiteQueries", dependencies: ["SQLiteEngine", "SQLiteQueriesMacros"]),
    // `@CasePathable`, which the seeds attach to `@Selection` enums.
    .target(name: "CasePaths", dependencies: ["SQLiteQueriesMacros"]),

    // Sync: the engine, its metadatabase and capture triggers, and the servers it talks to
    // (PostgreSQL through libpq, or one in memory), with the server's SQL schema.
    .target(name: "SQLiteDataSync", dependencies: ["SQLiteEngine", "SQLiteQueries", "CLibPQ"]),

    // Live data: what users import.
    .target(name: "SQLiteData", dependencies: ["SQLiteEngine", "SQLiteQueries", "SQLiteDataSync"]),

    // Terminal toolkit: run loop, input, canvas, layout, widgets, ncurses and headless back ends.
    .target(name: "TerminalUI", dependencies: ["CNCursesW"]),
    .executableTarget(name: "terminalui-demo", dependencies: ["TerminalUI", "SQLiteData"]),
    // For tests that run programs: child processes with clean descriptors (the sqlite3 shell, the
    // command line), and real terminals through tmux.
    .target(name: "TerminalUITestSupport", dependencies: ["CNCursesW"]),

    // The app: its data, actions and screen state (no terminal), its screens, and the command line.
    .target(name: "RemindersKit", dependencies: ["SQLiteData"]),
    // A loadable SQLite extension: it reaches SQLite through the routines pointer the shell
    // hands it, so it depends on no SQLite of its own.
    .target(name: "RemindersSQLiteExtension"),
    .target(name: "RemindersTUI", dependencies: ["RemindersKit", "TerminalUI", "SQLiteData"]),
    .executableTarget(
      name: "reminders", dependencies: ["RemindersKit", "RemindersTUI", "TerminalUI", "SQLiteData"]),

    // Test support for users of the library: the `.dependency` trait.
    .target(name: "SQLiteDataTestSupport", dependencies: ["SQLiteData"]),
    .target(name: "DependenciesTestSupport", dependencies: ["SQLiteDataTestSupport"]),

    // Benchmarks: our engine against raw C SQLite doing the same work.
    .target(name: "CSQLiteBaseline", dependencies: ["CSQLite"]),
    .executableTarget(
      name: "SQLiteDataBenchmarks",
      dependencies: [
        "SQLiteData", "CSQLiteBaseline", "CLibPQ", "TerminalUI", "TerminalUITestSupport", "RemindersKit",
        "reminders",
      ],
      // The raw libpq baseline calls libpq itself.
      linkerSettings: [.linkedLibrary("pq")]),

    .testTarget(
      name: "SQLiteEngineTests",
      dependencies: ["SQLiteEngine", "SQLiteDataTestSupport", "TerminalUITestSupport"]),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "TerminalUITestSupport", "terminalui-demo"]),
    .testTarget(
      name: "SQLiteDataTests", dependencies: ["SQLiteData", "SQLiteDataTestSupport", "TerminalUITestSupport"]),
    // A PostgreSQL cluster of the test run's own, and a TCP proxy for network faults.
    .target(
      name: "PostgresTestSupport", dependencies: ["SQLiteDataSync", "TerminalUITestSupport"],
      path: "Tests/PostgresTestSupport"),
    .testTarget(
      name: "SQLiteDataSyncTests",
      dependencies: [
        "SQLiteData", "SQLiteDataSync", "SQLiteDataTestSupport", "PostgresTestSupport",
        "TerminalUITestSupport",
      ],
      exclude: ["ServerSQL"]),
    // The seeds' schema and queries as users write them, run against real databases.
    .testTarget(
      name: "SeedsTests",
      dependencies: [
        "SQLiteData", "SQLiteDataTestSupport", "DependenciesTestSupport", "CasePaths",
        "TerminalUITestSupport",
      ]),
    // Upstream's query-builder cases with their expected SQL, on upstream's test schema.
    .testTarget(name: "UpstreamQueryTests", dependencies: ["SQLiteData"]),
    .testTarget(
      name: "RemindersKitTests",
      dependencies: ["RemindersKit", "SQLiteDataTestSupport", "TerminalUITestSupport"]),
    .testTarget(
      name: "RemindersCLITests",
      dependencies: ["reminders", "PostgresTestSupport", "TerminalUI", "TerminalUITestSupport"]),
    .testTarget(
      name: "RemindersTUITests",
      dependencies: [
        "RemindersTUI", "RemindersKit", "TerminalUI", "TerminalUITestSupport", "SQLiteDataTestSupport",
        "reminders", "PostgresTestSupport",
      ],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "SQLiteQueriesTests",
      dependencies: ["SQLiteQueries", "SQLiteQueriesMacros", "CasePaths"],
      swiftSettings: [.unsafeFlags(["-I", toolchainHostFolder])],
      linkerSettings: [
        .unsafeFlags(["-L", toolchainHostFolder, "-Xlinker", "-rpath", "-Xlinker", toolchainHostFolder])
      ] + swiftSyntaxLibraries.map { .linkedLibrary($0) }
    ),
  ],
  swiftLanguageModes: [.v6]
)
