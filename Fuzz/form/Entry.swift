// libFuzzer entry point for the `form` target: bytes -> the cell-descriptor
// property-list loader. Built by Scripts/fuzz.sh, not by SwiftPM.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForm(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  runFormFuzzInput(Array(UnsafeBufferPointer(start: data, count: size))) { fatalError($0) }
  return 0
}
