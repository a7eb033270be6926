// libFuzzer entry point for the `archive` target: bytes -> archived outline
// and expansion-state decoders. Built by Scripts/fuzz.sh, not by SwiftPM.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  runArchiveFuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
