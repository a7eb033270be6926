// libFuzzer entry point for the `json` target: bytes -> the JSON reader,
// against the reference reader compiled in beside it. Built by
// Scripts/fuzz.sh, not by SwiftPM.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  runJSONFuzzInput(Array(UnsafeBufferPointer(start: data, count: size))) { fatalError($0) }
  return 0
}
