import Foundation
import OutlineAdapters

/// What the demo takes from the world besides its options: the clock, how
/// dates are shown, who answers lazy loads and how slowly, the JSON
/// document read from the command line.
///
/// The terminal uses the defaults; tests inject a ``ManualClock`` and a
/// fixed locale and time zone.
public struct DemoEnvironment: Sendable {
  /// The clock.
  public var clock: any DemoClock
  /// The form's row heights, switch titles, slider range and date format.
  public var formConfiguration: DescriptorForm.Configuration
  /// Answers lazy category loads.
  public var categoryLoader: CategoryLoader
  /// Seconds from expanding a lazy category to its answer.
  public var loadDelay: Double
  /// How the file screen reads its directory.
  public var fileTreeOptions: FileTree.Options
  /// The JSON document of the command line, read before the app starts
  /// (``DemoLaunch`` reads it, so a bad file stops the demo); nil to have
  /// the app read `documentPath` itself.
  public var openedJSON: OpenedJSON?
  /// Where `-` reads a document from: standard input.
  public var standardInput: Int32

  /// Creates an environment; the defaults are the terminal's.
  ///
  /// - Complexity: O(1).
  public init(
    clock: any DemoClock = SystemClock(),
    formConfiguration: DescriptorForm.Configuration = DescriptorForm.Configuration(),
    categoryLoader: CategoryLoader = .demo,
    loadDelay: Double = 1.2,
    fileTreeOptions: FileTree.Options = FileTree.Options(),
    openedJSON: OpenedJSON? = nil,
    standardInput: Int32 = 0
  ) {
    self.clock = clock
    self.formConfiguration = formConfiguration
    self.categoryLoader = categoryLoader
    self.loadDelay = loadDelay
    self.fileTreeOptions = fileTreeOptions
    self.openedJSON = openedJSON
    self.standardInput = standardInput
  }
}
