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

  // MARK: - Products

  products: [
    .library(name: "OutlineKit", targets: ["OutlineKit"]),
    .library(name: "OutlineAdapters", targets: ["OutlineAdapters"]),
    .executable(name: "outline-demo", targets: ["outline-demo"]),
    .executable(name: "outline-bench", targets: ["outline-bench"]),
  ],

  // MARK: - Dependencies (none, on purpose)

  dependencies: [],

  // MARK: - Targets

  targets: [
    // The engine: standard library only.
    .target(
      name: "OutlineKit",
      swiftSettings: engineSettings
    ),

    // The seed apps' data models mapped onto Outline: the cell-descriptor
    // form, the category tree, expandable-cell behaviours. Foundation is
    // allowed here (property lists, JSON, dates); the sample files it ships
    // are resources.
    .target(
      name: "OutlineAdapters",
      dependencies: ["OutlineKit"],
      resources: [.process("Resources")]
    ),

    // The terminal demo's logic as plain values: keys in, screen lines out
    // (form, categories, big tree; key parsing; the print/script path). Not
    // a product: only the demo and its tests use it.
    .target(
      name: "OutlineDemoKit",
      dependencies: ["OutlineKit", "OutlineAdapters"]
    ),

    // MARK: Executables

    // The demo, `swift run outline-demo`: the terminal layer only (raw mode,
    // drawing, signals); everything else is in OutlineDemoKit.
    .executableTarget(
      name: "outline-demo",
      dependencies: ["OutlineDemoKit"]
    ),

    // The benchmark: `swift run -c release outline-bench`. It uses the
    // adapters for `--scan` (file trees against du and FileManager) and
    // `--json` (the JSON reader against Foundation's and Python's).
    .executableTarget(
      name: "outline-bench",
      dependencies: ["OutlineKit", "OutlineAdapters", "AllocationCounter"],
      path: "Benchmarks/outline-bench"
    ),

    // Counts the benchmark's heap allocations (a few lines of C: the
    // executable's own malloc, on Linux with glibc).
    .target(
      name: "AllocationCounter",
      path: "Benchmarks/AllocationCounter"
    ),

    // MARK: Tests

    .testTarget(
      name: "OutlineKitTests",
      dependencies: ["OutlineKit"],
      swiftSettings: engineSettings
    ),

    // Reads ../shared/fixtures/ beside the package root when it exists.
    .testTarget(
      name: "OutlineAdaptersTests",
      dependencies: ["OutlineAdapters", "OutlineKit"]
    ),

    // Drives the demo's state through every screen, key and file case.
    .testTarget(
      name: "OutlineDemoTests",
      dependencies: ["OutlineDemoKit", "OutlineAdapters", "OutlineKit"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
