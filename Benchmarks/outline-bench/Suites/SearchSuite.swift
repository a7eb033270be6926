import OutlineKit

/// Search as you type the way the demo's user types it (issue 41): a first
/// letter that matches almost half the nodes, one more letter with
/// millions of candidates, and Backspace, each through `SearchAsYouType`,
/// and the first two split into the request's run (asking the nodes, on
/// every core) and its apply (the filter's rewrite, on the calling
/// thread). FilterSuite's "narrowFilter (1% -> 0.5%)" is the kind
/// keystroke beside them.
///
/// Node k is named by one of 26 words (`words[k % 26]`), matched as text
/// by the search's own matcher, as an app matches its titles.
struct SearchSuite {
  let workload: Workload
  let options: BenchOptions

  static let words = [
    "Acacia", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Ginkgo", "Hazel", "Ivy", "Juniper", "Kapok", "Larch",
    "Maple", "Nutmeg", "Oak", "Pine", "Quince", "Rowan", "Spruce", "Teak", "Upas", "Viburnum", "Willow", "Xylosma",
    "Yew", "Zelkova",
  ]

  static func includes(_ options: BenchOptions) -> Bool {
    [
      Operation.searchFirstLetter, .searchFirstLetterAsk, .searchFirstLetterApply, .searchNextLetter,
      .searchNextLetterAsk, .searchNextLetterApply, .searchBackspace,
    ].contains { options.includes(operation: $0.rawValue) }
  }

  /// Whether node `k`'s name contains the query, as the search asks it.
  static func matching(_ matcher: SearchAsYouType.Matcher) -> @Sendable (Int) -> Bool {
    { k in matcher.matches(SearchSuite.words[k % SearchSuite.words.count]) }
  }

  /// The outline and its search, shared by the measured closures.
  final class Box {
    var outline: Outline<Int>
    var typing = SearchAsYouType()

    init(_ outline: Outline<Int>) { self.outline = outline }

    /// Types `text` into the search box.
    @discardableResult
    func type(_ text: String) -> OutlineChange {
      typing.search(for: text, in: &outline, matching: SearchSuite.matching)
    }

    /// A request for `text`, made and (when `run`) run.
    func request(for text: String, run: Bool) -> SearchAsYouType.Request<Int> {
      var request = typing.request(for: text, in: outline, matching: SearchSuite.matching)
      if run { request.run() }
      return request
    }
  }

  func run(_ engine: EngineModel, into report: inout Report) {
    guard SearchSuite.includes(options), workload.count > 0 else { return }
    let box = Box(engine.outline)
    box.outline.removeFilter()
    let suite = EngineSuite(workload: workload, options: options)
    let clear = {
      box.type("")
      box.typing.reset()
    }
    suite.record(.searchFirstLetter, into: &report) {
      measureEach(samples: options.bulkSamples, budget: .engine, { _ in blackHole(box.type("e")) }, undo: { _ in clear() })
    }
    measureSplit(box, to: "e", ask: .searchFirstLetterAsk, apply: .searchFirstLetterApply, suite: suite, into: &report, restore: clear)

    box.type("e")
    suite.record(.searchNextLetter, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine, { _ in blackHole(box.type("el")) }, undo: { _ in box.type("e") })
    }
    measureSplit(box, to: "el", ask: .searchNextLetterAsk, apply: .searchNextLetterApply, suite: suite, into: &report) {
      box.type("e")
    }
    suite.record(.searchBackspace, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine, prepare: { _ in box.type("el") }, { _ in blackHole(box.type("e")) })
    }
    clear()
  }

  /// One keystroke to `text` in two parts: the request's run, per node it
  /// asks, and its apply, per match it leaves; `restore` takes the box back
  /// to where it was after each sample, untimed.
  private func measureSplit(
    _ box: Box, to text: String, ask: Operation, apply: Operation, suite: EngineSuite, into report: inout Report,
    restore: @escaping () -> Void
  ) {
    // A dry run for the units: the nodes asked and the matches left.
    let asked = box.request(for: text, run: false).nodesToAsk
    box.type(text)
    let matches = box.outline.matchCount
    restore()
    guard asked > 0 && matches > 0 else { return }
    var request = box.request(for: text, run: false)
    suite.record(ask, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine, unitsPerOperation: asked,
        prepare: { _ in request = box.request(for: text, run: false) }, { _ in blackHole(request.run()) })
    }
    suite.record(apply, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine, unitsPerOperation: matches,
        prepare: { _ in request = box.request(for: text, run: true) },
        { _ in blackHole(box.typing.apply(request, to: &box.outline)) }, undo: { _ in restore() })
    }
  }
}
