import Foundation
import OutlineAdapters

/// What the demo takes from the world besides its options: the clock, how
/// dates are shown, who answers lazy loads and how slowly.
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

  /// Creates an environment; the defaults are the terminal's.
  ///
  /// - Complexity: O(1).
  public init(
    clock: any DemoClock = SystemClock(),
    formConfiguration: DescriptorForm.Configuration = DescriptorForm.Configuration(),
    categoryLoader: CategoryLoader = .demo,
    loadDelay: Double = 1.2,
    fileTreeOptions: FileTree.Options = FileTree.Options()
  ) {
    self.clock = clock
    self.formConfiguration = formConfiguration
    self.categoryLoader = categoryLoader
    self.loadDelay = loadDelay
    self.fileTreeOptions = fileTreeOptions
  }
}
