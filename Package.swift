// swift-tools-version:6.0
//
// swift-outline: a hierarchical tree-outline engine.
//
// The package has no dependencies: it builds and tests on Linux with the
// Swift toolchain alone.

import PackageDescription

// MARK: - Build settings

/// `OUTLINE_INTERNAL_CHECKS` turns on `_checkInvariants()` after every public
/// mutation and the tiny B+-tree node capacities that make every test reach
/// splits, merges and many levels. It is on in debug builds only; the
/// benchmark refuses to time a build that has it.
let engineSettings: [SwiftSetting] = [
  .define("OUTLINE_INTERNAL_CHECKS", .when(configuration: .debug)),
]

let package = Package(
  name: "swift-outline",

  // MARK: - Platforms
  //
  // The lowest versions every API the libraries use allows: Swift
  // concurrency (`async` loads, `@MainActor` controllers) needs macOS
  // 10.15, iOS 13, tvOS 13 and watchOS 6. The engine itself needs nothing
  // beyond the standard library. Docs/Internals.md ("Platforms") lists
  // what was checked.
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],

  // MARK: - Products
  //
  // One library per concern: take the engine alone, or with the documents
  // an app needs. OutlineJSON and OutlineFiles build without the seed
  // apps' adapters and their resources.

  products: [
    .library(name: "OutlineKit", targets: ["OutlineKit"]),
    .library(name: "OutlineJSON", targets: ["OutlineJSON"]),
    .library(name: "OutlineFiles", targets: ["OutlineFiles"]),
    .library(name: "OutlineAdapters", targets: ["OutlineAdapters"]),
    .executable(name: "outline-demo", targets: ["outline-demo"]),
    .executable(name: "outline-bench", targets: ["outline-bench"]),
  ],

  // MARK: - Dependencies (none, on purpose)

  dependencies: [],

  // MARK: - Targets

  targets: [
    // The engine: standard library only (and the C library's madvise,
    // where there is one). Search as you type and its folding live here.
    .target(
      name: "OutlineKit",
      swiftSettings: engineSettings
    ),

    // JSON documents as outlines: reading, editing, search, paths,
    // previews, saving.
    .target(
      name: "OutlineJSON",
      dependencies: ["OutlineKit", "OutlineSupport"]
    ),

    // Directories as outlines: scans (with sizes, on every core), lazy
    // listings, orderings, refresh.
    .target(
      name: "OutlineFiles",
      dependencies: ["OutlineKit"]
    ),

    // The seed apps' data models mapped onto Outline: the cell-descriptor
    // form, the category tree, expandable-cell behaviours. Foundation is
    // allowed here (property lists, dates); the sample files it ships are
    // resources.
    .target(
      name: "OutlineAdapters",
      dependencies: ["OutlineKit", "OutlineSupport"],
      resources: [.process("Resources")]
    ),

    // What the Foundation-based products share (writing a file by a
    // rename, Foundation's error messages). Not a product.
    .target(name: "OutlineSupport"),

    // The terminal demo's logic as plain values: keys in, screen lines out
    // (form, categories, big tree, files, JSON; key parsing; the
    // print/script path). Not a product: only the demo and its tests use
    // it, through `package` access.
    .target(
      name: "OutlineDemoKit",
      dependencies: ["OutlineKit", "OutlineAdapters", "OutlineJSON", "OutlineFiles", "OutlineTestSupport"]
    ),

    // MARK: Executables

    // The demo, `swift run outline-demo`: the terminal layer only (raw mode,
    // drawing, signals); everything else is in OutlineDemoKit.
    .executableTarget(
      name: "outline-demo",
      dependencies: ["OutlineDemoKit"]
    ),

    // The benchmark: `swift run -c release outline-bench`. `--scan` times
    // file trees against du and FileManager, `--json` the JSON reader
    // against Foundation's and Python's.
    .executableTarget(
      name: "outline-bench",
      dependencies: ["OutlineKit", "OutlineJSON", "OutlineFiles", "AllocationCounter", "OutlineTestSupport"],
      path: "Benchmarks/outline-bench"
    ),

    // Counts the benchmark's heap allocations (a few lines of C: the
    // executable's own malloc, on Linux with glibc).
    .target(
      name: "AllocationCounter",
      path: "Benchmarks/AllocationCounter"
    ),

    // MARK: Tests

    // What every test target shares: the seeded generator and the seeds.
    // (The demo's seeded key scripts and the benchmark's inputs use it too.)
    .target(
      name: "OutlineTestSupport",
      path: "Tests/OutlineTestSupport"
    ),

    .testTarget(
      name: "OutlineKitTests",
      dependencies: ["OutlineKit", "OutlineTestSupport"],
      swiftSettings: engineSettings
    ),

    .testTarget(
      name: "OutlineJSONTests",
      dependencies: ["OutlineJSON", "OutlineKit", "OutlineTestSupport"]
    ),

    .testTarget(
      name: "OutlineFilesTests",
      dependencies: ["OutlineFiles", "OutlineKit", "OutlineTestSupport"]
    ),

    // Reads ../shared/fixtures/ beside the package root when it exists.
    .testTarget(
      name: "OutlineAdaptersTests",
      dependencies: ["OutlineAdapters", "OutlineKit", "OutlineTestSupport"]
    ),

    // Drives the demo's state through every screen, key and file case.
    .testTarget(
      name: "OutlineDemoTests",
      dependencies: ["OutlineDemoKit", "OutlineAdapters", "OutlineJSON", "OutlineFiles", "OutlineKit", "OutlineTestSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
