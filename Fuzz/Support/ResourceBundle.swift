// SwiftPM generates `Bundle.module` for targets with resources; the fuzz
// build compiles OutlineAdapters with swiftc directly, so it supplies one.
import Foundation

extension Bundle {
  static var module: Bundle { Bundle.main }
}
