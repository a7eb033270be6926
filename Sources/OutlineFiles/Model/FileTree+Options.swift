extension FileTree {
  /// How a tree is read and ordered.
  ///
  /// ```swift
  /// var options = FileTree.Options(ordering: FileOrdering(.size))
  /// options.staysOnFileSystem = true         // as du -x
  /// let tree = try FileTree.scan("/", options: options)
  /// ```
  public struct Options: Sendable, Equatable {
    /// The order of each folder's entries.
    public var ordering: FileOrdering
    /// Whether folders on another file system than the root's are left
    /// unopened and uncounted, as `du -x` does (they show, marked).
    public var staysOnFileSystem: Bool
    /// The calls and the tests' hooks.
    internal var _system: _FileSystem = .live
    /// The most folders a scan keeps open at once.
    internal var _maximumOpenFolders = 256
    /// The cores a scan uses (nil: every one; 1: a scan on one thread).
    internal var _scanCores: Int?

    /// Options.
    ///
    /// - Complexity: O(1).
    public init(ordering: FileOrdering = FileOrdering(), staysOnFileSystem: Bool = false) {
      self.ordering = ordering
      self.staysOnFileSystem = staysOnFileSystem
    }

    /// Whether two options read and order alike.
    ///
    /// - Complexity: O(1).
    public static func == (lhs: Options, rhs: Options) -> Bool {
      lhs.ordering == rhs.ordering && lhs.staysOnFileSystem == rhs.staysOnFileSystem
        && lhs._maximumOpenFolders == rhs._maximumOpenFolders
    }
  }
}
