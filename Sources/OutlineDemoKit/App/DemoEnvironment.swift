import Foundation
import OutlineAdapters
import OutlineFiles

/// What the demo takes from the world besides its options: the clock, how
/// dates are shown, who answers lazy loads and how slowly, the JSON
/// document read from the command line.
///
/// The terminal uses the defaults; tests inject a ``ManualClock`` and a
/// fixed locale and time zone.
package struct DemoEnvironment: Sendable {
  /// The clock.
  package var clock: any DemoClock
  /// The form's row heights, switch titles, slider range and date format.
  package var formConfiguration: DescriptorForm.Configuration
  /// Answers lazy category loads.
  package var categoryLoader: CategoryLoader
  /// Seconds from expanding a lazy category to its answer.
  package var loadDelay: Double
  /// How the file screen reads its directory.
  package var fileTreeOptions: FileTree.Options
  /// The JSON document of the command line, read before the app starts
  /// (``DemoLaunch`` reads it, so a bad file stops the demo); nil to have
  /// the app read `documentPath` itself.
  package var openedJSON: OpenedJSON?
  /// Where `-` reads a document from: standard input.
  package var standardInput: Int32
  /// Searches of the big tree that ask at least this many nodes run in the
  /// background (0: every search).
  package var backgroundSearchNodes: Int

  /// Creates an environment; the defaults are the terminal's.
  ///
  /// - Complexity: O(1).
  package init(
    clock: any DemoClock = SystemClock(),
    formConfiguration: DescriptorForm.Configuration = DescriptorForm.Configuration(),
    categoryLoader: CategoryLoader = .demo,
    loadDelay: Double = 1.2,
    fileTreeOptions: FileTree.Options = FileTree.Options(),
    openedJSON: OpenedJSON? = nil,
    standardInput: Int32 = 0,
    backgroundSearchNodes: Int = 200_000
  ) {
    self.clock = clock
    self.formConfiguration = formConfiguration
    self.categoryLoader = categoryLoader
    self.loadDelay = loadDelay
    self.fileTreeOptions = fileTreeOptions
    self.openedJSON = openedJSON
    self.standardInput = standardInput
    self.backgroundSearchNodes = backgroundSearchNodes
  }
}
