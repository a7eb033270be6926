// swift-tools-version:6.0
//
// outline-gtk: a GTK 4 window over the engine, and GTK's own tree model
// beside it for comparison. A package of its own, so the root package keeps
// no dependencies and never needs GTK: it depends on the root by path.
//
//   swift run outline-gtk                   the window (needs a display)
//   swift run outline-gtk --help            options: --model gtk, --script, --bench
//   ./test.sh                               the display tests under Xvfb

import PackageDescription

let package = Package(
  name: "outline-gtk",

  // MARK: - Dependencies: the engine, by path

  // The name is given because a package reached by path is otherwise known
  // by its folder's name, which differs between clones.
  dependencies: [.package(name: "swift-outline", path: "../..")],

  // MARK: - Targets

  targets: [
    // GTK 4 as a Clang module; flags from `pkg-config gtk4`.
    .systemLibrary(
      name: "CGtk",
      path: "Sources/CGtk",
      pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]
    ),

    // The GObject boilerplate in C: a row item type, and a GListModel +
    // GtkSelectionModel type whose answers come from Swift callbacks.
    .target(
      name: "OutlineGtkC",
      dependencies: ["CGtk"],
      path: "Sources/OutlineGtkC"
    ),

    // The X test input the display tests send keys and clicks with
    // (XTEST, loaded from libXtst when first needed): a target of its own,
    // apart from the app's GObject types.
    .target(
      name: "OutlineGtkTestInput",
      dependencies: ["CGtk"],
      path: "Sources/OutlineGtkTestInput",
      linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("dl")]
    ),

    // Everything that needs no GTK, unit-tested: OutlineChange as
    // items-changed calls, the documents, the session (keys, clicks,
    // search through the engine), the script and the display check.
    .target(
      name: "OutlineGtkSupport",
      dependencies: [
        .product(name: "OutlineKit", package: "swift-outline"),
        .product(name: "OutlineJSON", package: "swift-outline"),
        .product(name: "OutlineFiles", package: "swift-outline"),
        .product(name: "OutlineAdapters", package: "swift-outline"),
      ],
      path: "Sources/OutlineGtkSupport"
    ),

    // The app: the window, both list models, the script runner and the
    // benchmark.
    .executableTarget(
      name: "outline-gtk",
      dependencies: [
        "CGtk", "OutlineGtkC", "OutlineGtkTestInput", "OutlineGtkSupport",
        .product(name: "OutlineKit", package: "swift-outline"),
        .product(name: "OutlineJSON", package: "swift-outline"),
        .product(name: "OutlineFiles", package: "swift-outline"),
        .product(name: "OutlineAdapters", package: "swift-outline"),
      ],
      path: "Sources/outline-gtk"
    ),

    .testTarget(
      name: "OutlineGtkSupportTests",
      dependencies: ["OutlineGtkSupport", .product(name: "OutlineKit", package: "swift-outline")],
      path: "Tests/OutlineGtkSupportTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
