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
        + "each operation timed from the call to the end of the next painted frame; load average \(loadAverage)\n")
    waitForPaintedFrame(of: app.window)
    var agreed = true
    for shape in GeneratedTree.Shape.allCases {
      for size in sizes {
        let title = "\(size.groupedDigits) nodes, \(shape.rawValue)"
        var table = BenchTable(
          title: title, columns: [Model.engine.title, Model.gtk.title], ratio: (of: Model.gtk.title, to: Model.engine.title))
        var breakdown = BenchTable(title: title + ", the engine's model", columns: BenchList.breakdownColumns)
        agreed = measure(GeneratedTree(shape: shape, count: size), runs: runs, into: &table, &breakdown) && agreed
        printLine(table.markdown + "\n")
        printLine(breakdown.markdown + "\n")
      }
    }
    printLine("load average at the end: \(loadAverage)")
    return agreed
  }

  /// The machine's load (other processes compete for the cores), from
  /// /proc/loadavg: the 1, 5 and 15 minute averages.
  private var loadAverage: String {
    var contents: UnsafeMutablePointer<gchar>?
    guard g_file_get_contents("/proc/loadavg", &contents, nil, nil) != 0, let contents else { return "unknown" }
    defer { g_free(contents) }
    return String(cString: contents).split(separator: " ").prefix(3).joined(separator: " ")
  }

  /// A tree's tables; returns whether both models showed the same rows.
  private func measure(
    _ tree: GeneratedTree, runs: Int, into table: inout BenchTable, _ breakdown: inout BenchTable
  ) -> Bool {
    // The rows with every node expanded, and the random rows (the same for
    // both models): nodes with children to toggle, rows to jump to.
    let preorder = tree.preorder.map { Int($0.node) }
    var random = SeededRandom(seed: 0x6714_0000 + UInt64(tree.count))
    let parents = preorder.indices.filter { !tree.children(of: preorder[$0]).isEmpty }
    let toggled = (0 ..< 50).map { _ in parents[Int.random(in: 0 ..< parents.count, using: &random)] }
    let jumps = (0 ..< 100).map { _ in Int.random(in: 0 ..< preorder.count, using: &random) }

    var rowCounts: [Model: [Int]] = [:]
    for model in [Model.engine, .gtk] {
      for run in 0 ..< runs {
        var counts: [Int] = []
        var list: BenchList!
        /// Times an operation; for the engine's model, where its time went too.
        func record(_ operation: String, _ body: () -> Void) {
          let performed = list?.performed
          let seconds = time(body)
          table.add(seconds, operation: operation, column: model.title)
          if let before = performed, let after = list.performed, after.count == before.count + 1 {
            for (column, part) in zip(BenchList.breakdownColumns, [after.session, after.reporting, seconds - after.session - after.reporting]) {
              breakdown.add(part, operation: operation, column: column)
            }
          }
        }
        record("build and show") { list = BenchList(model, tree: tree, app: app) }
        record("expand all") { list.expandAll() }
        counts.append(list.rowCount)
        record("collapse the top node") { list.setExpanded(row: 0, false) }
        counts.append(list.rowCount)
        record("expand the top node again") { list.setExpanded(row: 0, true) }
        counts.append(list.rowCount)
        if run == runs - 1 {
          for row in toggled {
            record("toggle a random node") { list.setExpanded(row: row, false) }
            counts.append(list.rowCount)
            record("toggle a random node") { list.setExpanded(row: row, true) }
          }
          for row in jumps { record("jump to a random row") { list.presenter.jump(toRow: row) } }
          for _ in 0 ..< 20 { record("a frame with no change") {} }
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

  /// The two models compared.
  enum Model {
    case engine, gtk

    var title: String { self == .engine ? "engine" : "GtkTreeListModel" }
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

  init(_ model: Bench.Model, tree: GeneratedTree, app: AppWindow) {
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

  /// The engine model's changes so far, and where the last one's time went.
  var performed: (count: Int, session: Double, reporting: Double)? { engine?.listModel.performed }

  /// Where an engine operation's time goes: the session call, GTK handling
  /// the model's signals, and the rest of the time to the painted frame.
  static let breakdownColumns = ["outline and selection", "GTK handles items-changed", "the frame after"]

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
