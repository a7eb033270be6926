/// A load of a node's children that the app is to run: lazy children (a
/// folder's entries, a category's subcategories), asked for when the node
/// is first expanded and answered later, by the document that asked.
///
/// ```swift
/// let update = tree.expand(id)
/// apply(update.change)                        // the node shows it is loading
/// if let request = update.loadRequest {
///   Task { @MainActor in
///     let children = await api.children(of: tree[request.node])
///     apply(tree.finishLoading(request, with: children).change)
///   }
/// }
/// ```
///
/// A request names its node and which load of it it is, and carries what
/// the load needs (`work`), taken when it was asked for: enough to run the
/// load on any thread without touching the document. An answer for a node
/// that was removed, or for a load that a later one replaced, is dropped
/// (``OutlineLoadOutcome/dropped``).
public struct OutlineLoadRequest<Node, Work: Sendable>: Hashable, Sendable {
  /// The node whose children to load.
  public let node: Outline<Node>.NodeID
  /// Tells this load from earlier and later ones of the same node; the
  /// document that makes requests numbers them.
  public let serial: Int
  /// What the load needs: the node's value for a category, the folder's
  /// path and what to read for a file tree.
  public let work: Work

  /// A request for the children of `node`, the `serial`-th load the
  /// document asked for.
  ///
  /// - Complexity: O(1).
  public init(node: Outline<Node>.NodeID, serial: Int, work: Work) {
    self.node = node
    self.serial = serial
    self.work = work
  }

  /// Two requests are equal when they are the same load: the same node
  /// and serial (the work follows from them).
  ///
  /// - Complexity: O(1).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.node == rhs.node && lhs.serial == rhs.serial }

  /// Hashes what `==` compares.
  ///
  /// - Complexity: O(1).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(node)
    hasher.combine(serial)
  }
}

/// What expanding a node of a document with lazy children did: the rows
/// changed, and the load to run when the node's children are not loaded
/// yet.
public struct OutlineLoadUpdate<Node, Work: Sendable, Change: Hashable & Sendable>: Hashable, Sendable {
  /// The rows changed (the node's row shows it is loading).
  public var change: Change
  /// The load to run; nil when nothing needs loading.
  public var loadRequest: OutlineLoadRequest<Node, Work>?

  /// Creates an update.
  ///
  /// - Complexity: O(1).
  public init(change: Change, loadRequest: OutlineLoadRequest<Node, Work>? = nil) {
    self.change = change
    self.loadRequest = loadRequest
  }
}

/// What became of a load's answer.
public enum OutlineLoadOutcome<Failure: Hashable & Sendable>: Hashable, Sendable {
  /// The children are in, and the node is expanded and visible: their
  /// rows appeared.
  case revealed
  /// The children are in, but the node was collapsed (or hidden)
  /// meanwhile: no row appeared; they show when it is expanded.
  case storedHidden
  /// The load failed: the node shows why, collapsed; expanding it again
  /// retries.
  case failed(Failure)
  /// The answer was ignored: the node is gone, or the request is not its
  /// current load.
  case dropped
}

/// What finishing a load did: the rows changed, and what became of the
/// answer.
public struct OutlineLoadCompletion<Change: Hashable & Sendable, Failure: Hashable & Sendable>: Hashable, Sendable {
  /// The rows changed.
  public var change: Change
  /// What became of the answer.
  public var outcome: OutlineLoadOutcome<Failure>

  /// What became of an answer (`Completion.Outcome`, as documents name
  /// it).
  public typealias Outcome = OutlineLoadOutcome<Failure>

  /// Creates a completion.
  ///
  /// - Complexity: O(1).
  public init(change: Change, outcome: OutlineLoadOutcome<Failure>) {
    self.change = change
    self.outcome = outcome
  }
}
