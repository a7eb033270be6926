// libFuzzer entry point for the `categories` target: bytes -> the category
// catalog JSON loader. Built by Scripts/fuzz.sh, not by SwiftPM.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCategories(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  runCategoriesFuzzInput(Array(UnsafeBufferPointer(start: data, count: size))) { fatalError($0) }
  return 0
}
