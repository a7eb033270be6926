import CGtk
import OutlineGtkSupport

/// `--bench`: both list models in the same window on the same trees, the
/// same operations, each timed from the call to the end of the next
/// painted frame (the frame clock's `after-paint`), medians printed as
/// Markdown tables.
///
/// For each tree (balanced and wide, each size), each model is built
/// `runs` times: build and show, expand all, collapse the top node,
/// expand it again. On the last run, fully expanded: 50 random nodes with
/// children collapsed and expanded again (100 toggles), and 100 jumps to
/// random rows. GTK's model expands with `autoexpand` on (the only way it
/// expands a subtree), so both models show the same rows after every
/// operation; the benchmark checks that they do.
final class Bench {
  private let app: AppWindow
  private let options: AppOptions
  /// When the window last finished painting a frame.
  private var lastPaint = monotonicSeconds()

  init(app: AppWindow, options: AppOptions) {
    self.app = app
    self.options = options
    gtk_widget_get_frame_clock(app.window)?.on("after-paint") { [unowned self] in lastPaint = monotonicSeconds() }
  }

  /// Runs the main loop until the window has painted nothing for 40 ms
  /// (at most 3 s).
  private func waitForQuiet() {
    let start = monotonicSeconds()
    while monotonicSeconds() - lastPaint < 0.04 && monotonicSeconds() - start < 3 {
      if g_main_context_iteration(nil, 0) == 0 { g_usleep(1000) }
    }
  }

  /// Runs every tree; returns false when the models disagreed somewhere.
  func run() -> Bool {
    let sizes = options.quickBench ? [10_000] : options.benchSizes
    let runs = options.quickBench ? 1 : options.benchRuns
    printLine(
      "outline-gtk --bench: GTK \(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version()), "
        + "renderer \(String(gtk: g_getenv("GSK_RENDERER")).isEmpty ? "default" : String(gtk: g_getenv("GSK_RENDERER"))), "
        + "window \(options.width) x \(options.height), \(runs) runs, medians; "
        + "each operation timed from the call to the end of the next painted frame\n")
    waitForPaintedFrame(of: app.window)
    var agreed = true
    for shape in GeneratedTree.Shape.allCases {
      for size in sizes {
        var table = BenchTable(title: "\(size.groupedDigits) nodes, \(shape.rawValue)")
        agreed = measure(GeneratedTree(shape: shape, count: size), runs: runs, into: &table) && agreed
        printLine(table.markdown + "\n")
      }
    }
    return agreed
  }

  /// A tree's table; returns whether both models showed the same rows.
  private func measure(_ tree: GeneratedTree, runs: Int, into table: inout BenchTable) -> Bool {
    // The rows with every node expanded, and the random rows (the same for
    // both models): nodes with children to toggle, rows to jump to.
    let preorder = tree.preorder.map { Int($0.node) }
    var random = SeededRandom(seed: 0x6714_0000 + UInt64(tree.count))
    let parents = preorder.indices.filter { !tree.children(of: preorder[$0]).isEmpty }
    let toggled = (0 ..< 50).map { _ in parents[Int.random(in: 0 ..< parents.count, using: &random)] }
    let jumps = (0 ..< 100).map { _ in Int.random(in: 0 ..< preorder.count, using: &random) }

    var rowCounts: [BenchTable.Model: [Int]] = [:]
    for model in [BenchTable.Model.engine, .gtk] {
      for run in 0 ..< runs {
        var counts: [Int] = []
        var list: BenchList!
        table.add(time { list = BenchList(model, tree: tree, app: app) }, operation: "build and show", model: model)
        table.add(time { list.expandAll() }, operation: "expand all", model: model)
        counts.append(list.rowCount)
        table.add(time { list.setExpanded(row: 0, false) }, operation: "collapse the top node", model: model)
        counts.append(list.rowCount)
        table.add(time { list.setExpanded(row: 0, true) }, operation: "expand the top node again", model: model)
        counts.append(list.rowCount)
        if run == runs - 1 {
          for row in toggled {
            table.add(time { list.setExpanded(row: row, false) }, operation: "toggle a random node", model: model)
            counts.append(list.rowCount)
            table.add(time { list.setExpanded(row: row, true) }, operation: "toggle a random node", model: model)
          }
          for row in jumps {
            table.add(time { list.presenter.jump(toRow: row) }, operation: "jump to a random row", model: model)
          }
          for _ in 0 ..< 20 { table.add(time {}, operation: "a frame with no change", model: model) }
          counts.append(list.rowCount)
        }
        rowCounts[model, default: []] += counts
        app.showNothing()
        waitForPaintedFrame(of: app.window)
      }
    }
    guard rowCounts[.engine] == rowCounts[.gtk] else {
      printError("the models showed different row counts: engine \(rowCounts[.engine]!), GTK \(rowCounts[.gtk]!)")
      return false
    }
    return true
  }

  /// Seconds from the call to the end of the next painted frame, started
  /// once the window has painted nothing for 40 ms: GDK starts a frame no
  /// sooner than one refresh period after the previous one's start, on its
  /// grid, so an operation started while frames still come (the scroll
  /// bar's indicator fades after a change) would be timed waiting for its
  /// turn, not working.
  private func time(_ body: () -> Void) -> Double {
    waitForQuiet()
    let start = monotonicSeconds()
    body()
    waitForPaintedFrame(of: app.window)
    return monotonicSeconds() - start
  }
}

/// One model shown in the window, with the operations both models share.
private struct BenchList {
  let presenter: any ListPresenter
  private let engine: EnginePresenter<GeneratedTreeDocument>?
  private let gtk: TreeListPresenter?

  init(_ model: BenchTable.Model, tree: GeneratedTree, app: AppWindow) {
    if model == .engine {
      engine = EnginePresenter(document: GeneratedTreeDocument(tree), listView: app.listView)
      gtk = nil
    } else {
      engine = nil
      gtk = TreeListPresenter(source: GeneratedTreeSource(tree), listView: app.listView)
    }
    presenter = engine ?? gtk!
    app.show(presenter)
  }

  var rowCount: Int { presenter.inspection.rowCount }

  func expandAll() { presenter.expandAll() }

  /// Collapses, or expands with its subtree as it was (GTK: recreated
  /// expanded, which is the same here: everything was expanded).
  func setExpanded(row: Int, _ expanded: Bool) {
    if let engine {
      if engine.session.outline.isExpanded(engine.session.outline.id(atRow: row)) != expanded {
        engine.listModel.perform { $0.toggleExpansion(ofRow: row) }
      }
    } else if let gtk, gtk.isExpanded(row: row) != expanded {
      gtk.setExpanded(row: row, expanded, recursively: true)
    }
  }
}
