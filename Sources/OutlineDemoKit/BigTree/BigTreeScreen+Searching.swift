import Foundation
import OutlineKit

/// Search as you type over millions of nodes without blocking a key: each
/// keystroke makes a `SearchAsYouType.Request`; a request that asks many
/// nodes runs on a thread of its own (asking on every core) while the
/// keys typed meanwhile are taken at once, and the next key abandons it.
/// A tick applies it when it is done.
extension BigTreeScreen {
  /// Whether a search is asking its nodes in the background.
  ///
  /// - Complexity: O(1).
  package var isSearching: Bool { runningSearch != nil }

  /// Starts searching for `text`: abandons the search under way, then
  /// runs the new one here when it asks few nodes, or in the background.
  mutating func startSearch(for text: String, context: inout ScreenContext) {
    guard let outline else { return }
    if runningSearch != nil { abandonedSearches += 1 }
    cancelSearch()
    var request = typing.request(for: text, in: outline) { matcher in
      let names = BigTreeGenerator.NameMatcher(matcher)
      return { names.matches($0) }
    }
    let started = context.clock.now()
    if request.nodesToAsk < max(1, backgroundSearchNodes) {
      request.run()
      finishSearch(request, started: started, askSeconds: context.clock.now() - started, context: &context)
      return
    }
    runningSearch = BackgroundSearch(request, clock: context.clock)
    search.running = TreeSearch.Running(text: text, nodes: request.nodesToAsk)
  }

  /// Stops the search under way, if any; its answers are never applied.
  mutating func cancelSearch() {
    runningSearch?.cancel()
    runningSearch = nil
    search.running = nil
  }

  /// Applies the background search when its nodes were asked; returns
  /// whether it did (a tick's work).
  mutating func finishBackgroundSearch(context: inout ScreenContext) -> Bool {
    guard let running = runningSearch, let (request, seconds) = running.finished else { return false }
    runningSearch = nil
    search.running = nil
    finishSearch(request, started: running.started, askSeconds: seconds, context: &context)
    return true
  }

  /// Waits for the background search and applies it (a key script's
  /// `wait`, and the end of a printed script); returns whether there was
  /// one.
  mutating func waitForSearch(context: inout ScreenContext) -> Bool {
    guard let running = runningSearch else { return false }
    running.waitUntilEnded()
    return finishBackgroundSearch(context: &context)
  }

  /// Puts a request's answers in force, timed, and says what they found:
  /// the whole time from the key, with how long asking and applying took.
  private mutating func finishSearch(
    _ request: SearchAsYouType.Request<Int>, started: Double, askSeconds: Double, context: inout ScreenContext
  ) {
    var typing = self.typing
    var applied = false
    timed("filter", context: &context) { outline in
      guard let change = typing.apply(request, to: &outline) else { return OutlineChange() }
      applied = true
      return change
    }
    guard applied else {
      // The outline changed while it ran: ask again, from what it is now.
      startSearch(for: request.text, context: &context)
      return
    }
    self.typing = typing
    let applySeconds = lastOperation!.seconds
    let seconds = context.clock.now() - started
    let matches = outline!.matchCount
    let detail =
      request.nodesToAsk == 0
      ? nil
      : "\(DemoFormat.count(request.nodesToAsk, "node")) asked in \(DemoFormat.duration(askSeconds)), applied in \(DemoFormat.duration(applySeconds))"
    let result = TreeSearch.Result(matches: matches, seconds: seconds, step: typing.lastStep, detail: detail)
    search.lastResult = result
    context.message = StatusMessage(
      "“\(TerminalText.sanitized(request.text))”: \(DemoFormat.count(matches, "match", "matches")) among \(DemoFormat.count(outline!.nodeCount, "node")) in \(DemoFormat.duration(seconds))"
        + result.explanation)
    // Stay on the focused row if it matches, else go to the next match.
    let row = focusedRow
    if let match = outline!.nextMatchRow(after: row > 0 ? row - 1 : nil) { focus(row: match) }
  }
}
