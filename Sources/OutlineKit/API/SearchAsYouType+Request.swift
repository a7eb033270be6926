extension SearchAsYouType {
  /// One keystroke's search, worked out away from the outline so that
  /// typing never waits for it: made where the outline lives, run on any
  /// thread (asking the nodes on every core, and stopping when the next
  /// key makes it stale), and applied where the outline lives.
  ///
  /// ``SearchAsYouType/search(for:in:hiding:matching:)`` is the three
  /// steps in a row. Split, they let a search box take every key at once:
  ///
  /// ```swift
  /// // At each keystroke, on the main thread:
  /// running?.cancel()                                   // the app's own flag
  /// var request = typing.request(for: box.text, in: outline) { matcher in
  ///   { item in matcher.matches(item.title) }
  /// }
  /// // On a background thread (the outline stays in use meanwhile):
  /// let finished = request.run(isCancelled: { flag.isSet })
  /// // Back on the main thread, when it finished:
  /// if let change = typing.apply(request, to: &outline) {
  ///   tableView.apply(change)
  /// } else {
  ///   // The outline or the search changed meanwhile: request again.
  /// }
  /// ```
  ///
  /// What stays valid between keystrokes is what makes the run short: one
  /// more letter asks only the nodes that pass now (``Step/narrowed``),
  /// and Backspace asks none (``Step/widened``: the run does nothing).
  /// Only the answers are computed off the outline's thread; putting them
  /// in force (``apply(_:to:)``) rewrites the filter's bits and works out
  /// the rows, on the outline's thread.
  ///
  /// A request holds the outline's values (shared, not copied): editing
  /// values while a request lives copies them once.
  public struct Request<Node> {
    /// The search box's text it is for.
    public let text: String
    /// How applying it changes the filter.
    public let step: Step
    /// The search it was made from, and the search once it is applied.
    let before: SearchAsYouType
    let after: SearchAsYouType
    /// The outline it was made from (copies share it), and the versions
    /// of its structure and filter then.
    let outlineInstance: UInt64
    let structureVersion: UInt64
    let filterVersion: UInt64
    /// How many nodes a run asks: every node when the filter is set (or
    /// widened back to one most nodes passed), the nodes that pass now when
    /// it narrows, none otherwise.
    public let nodesToAsk: Int
    @usableFromInline var work: Work
    /// The answers, once a run finished.
    @usableFromInline var answers: [UInt8]?

    /// What applying does.
    @usableFromInline
    enum Work {
      /// Nothing (the same text).
      case nothing
      /// Removes the filter (an empty text).
      case removeFilter
      /// Goes back to the filter before (Backspace).
      case widen
      /// Asks `filter` about `question`'s nodes, then puts it in force.
      case ask(filter: _OutlineFilter<Node>, question: _FilterQuestion, values: ContiguousArray<Node?>)
    }

    /// Whether it is ready to apply: a run finished, or it needs none.
    ///
    /// - Complexity: O(1).
    public var isReady: Bool {
      guard case .ask = work else { return true }
      return answers != nil
    }

    /// Asks the nodes the search needs asked, on every core (the thread it
    /// is called on, and the system's worker threads); returns false when
    /// `isCancelled` said yes before the end (the request then has no
    /// answers and does not apply).
    ///
    /// Call it on any thread, while the outline it came from stays in use.
    /// `isCancelled` is asked from several threads, between runs of about
    /// sixteen thousand nodes: a stale search stops within one such run
    /// per core.
    ///
    /// - Complexity: O(``nodesToAsk``) calls of the search's test, shared
    ///   among the cores.
    @inlinable @discardableResult
    public mutating func run(isCancelled: @Sendable () -> Bool = { false }) -> Bool {
      guard case .ask(let filter, let question, let values) = work else { return !isCancelled() }
      if answers != nil { return true }
      answers = Outline<Node>._answers(of: filter, to: question, in: values, isCancelled: isCancelled)
      guard answers != nil else { return false }
      // The values are not needed any more: holding them would make the
      // outline copy them at its next edit.
      work = .ask(filter: filter, question: question, values: [])
      return true
    }
  }

  /// Works out, without changing anything, what searching `outline` for
  /// `newText` takes: the step, and the filter to ask. Run the request
  /// (on any thread), then ``apply(_:to:)`` it.
  ///
  /// The parameters are those of ``search(for:in:hiding:matching:)``.
  ///
  /// - Complexity: O(1), or O(m) to find the m nodes that pass when a
  ///   narrowing follows a filter that did not keep them.
  public func request<Node>(
    for newText: String, in outline: Outline<Node>,
    hiding isHidden: (@Sendable (Node) -> Bool)? = nil,
    matching: (_ matcher: Matcher) -> @Sendable (_ node: Node) -> Bool
  ) -> Request<Node> {
    var after = self
    let work: Request<Node>.Work
    if newText == text && outline.isFiltered != newText.isEmpty {
      after.lastStep = .unchanged
      work = .nothing
    } else {
      after.text = newText
      if !outline.canWidenFilter { after.narrowedFrom = [] }
      if newText.isEmpty {
        after.narrowedFrom = []
        after.lastStep = .cleared
        work = .removeFilter
      } else if after.narrowedFrom.last == newText, let current = outline._filter {
        after.narrowedFrom.removeLast()
        after.lastStep = .widened
        // Going back to a filter most nodes passed asks every node again:
        // the run does that too.
        if case .askEveryNode(let restored) = outline._widening(from: current) {
          work = .ask(filter: restored, question: .everyNode, values: outline._payloads)
        } else {
          work = .widen
        }
      } else {
        let matcher = Matcher(newText)
        let matches = matching(matcher)
        let visibility: @Sendable (Node) -> FilterVisibility = { node in
          if let isHidden, isHidden(node) { return .hidden }
          return matches(node) ? .visible : .recurse
        }
        let filter = _OutlineFilter(visibility: visibility, revealsMatches: true)
        // The folded new text contains the folded old one: every node that
        // matches now matched before, so the filter only hides more.
        if let current = outline._filter, !text.isEmpty, matcher.implies(Matcher(text)) {
          after.narrowedFrom.append(text)
          after.lastStep = .narrowed
          let (next, question) = outline._narrowing(from: current, to: filter)
          work = .ask(filter: next, question: question, values: outline._payloads)
        } else {
          after.narrowedFrom = []
          after.lastStep = .set
          work = .ask(filter: filter, question: .everyNode, values: outline._payloads)
        }
      }
    }
    var nodesToAsk = 0
    if case .ask(_, let question, _) = work {
      switch question {
      case .everyNode: nodesToAsk = outline.nodeCount
      case .candidates(let candidates): nodesToAsk = candidates.count
      }
    }
    return Request(
      text: newText, step: after.lastStep!, before: self, after: after, outlineInstance: outline._core.instance,
      structureVersion: outline._core.structureVersion, filterVersion: outline._core.filterVersion,
      nodesToAsk: nodesToAsk, work: work)
  }

  /// Puts a request's search in force, when nothing it was made from
  /// changed since: returns the rows that appeared, disappeared and must be
  /// redrawn, and this search takes its text and step.
  ///
  /// Returns nil, changing nothing, when the request is stale (it was made
  /// from another outline; the outline was edited, its filter set or
  /// removed some other way, or this search applied another request, since
  /// it was made) or not ready (its run was cancelled or never made):
  /// request again.
  ///
  /// - Complexity: O(n) to set or clear the filter; O(m log n) for the m
  ///   nodes that passed when narrowing or widening. No node is asked: the
  ///   run did that.
  public mutating func apply<Node>(_ request: Request<Node>, to outline: inout Outline<Node>) -> OutlineChange? {
    guard request.before == self, request.isReady, request.outlineInstance == outline._core.instance,
      request.structureVersion == outline._core.structureVersion, request.filterVersion == outline._core.filterVersion
    else { return nil }
    let change: OutlineChange
    switch request.work {
    case .nothing:
      change = OutlineChange()
    case .removeFilter:
      change = outline.removeFilter()
    case .widen:
      // The versions held, so what widening goes back to is there.
      guard let widened = outline.widenFilter() else { return nil }
      change = widened
    case .ask(let filter, let question, _):
      let answers = request.answers!
      change = outline._mutate(.display) { $0._install(filter, asked: question, answers: answers) }
    }
    self = request.after
    return change
  }
}

extension SearchAsYouType.Request: Sendable where Node: Sendable {}

extension SearchAsYouType.Request.Work: Sendable where Node: Sendable {}
