// libFuzzer entry point for the `operations` target: bytes -> a sequence of
// outline operations checked against the reference model (a trap on any
// difference). Built by Scripts/fuzz.sh, not by SwiftPM.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOperations(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  runOperationsFuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
