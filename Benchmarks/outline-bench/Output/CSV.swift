/// `results.csv`: `#` lines with the machine and build, then one row per
/// operation / shape / size / subject, and rows for memory.
func resultsCSV(_ report: Report, machine: MachineInfo) -> String {
  var text = "# outline-bench results\n"
  for (key, value) in machine.lines { text += "# \(key): \(value)\n" }
  text += "# load average at end: \(currentLoadAverage())\n"
  text += "# command: outline-bench \(CommandLine.arguments.dropFirst().joined(separator: " "))\n"
  text += "# median and p99 are per unit; status is measured, or skipped with the estimated seconds\n"
  text += "operation,unit,shape,nodes,subject,median,p99,samples,operations_per_sample,status\n"
  for result in report.results {
    let fields: [String]
    switch result.outcome {
    case .measured(let timing):
      fields = [
        format2(timing.median), format2(timing.p99), String(timing.samples), String(timing.operationsPerSample), "measured",
      ]
    case .skipped(let seconds):
      fields = ["", "", "0", "0", "skipped (too slow: est. \(formatSeconds(seconds)))"]
    }
    text += ([csvField(result.operation.rawValue), result.operation.unit, result.shape.rawValue, String(result.count), result.subject.rawValue] + fields)
      .joined(separator: ",") + "\n"
  }
  for memory in report.memory {
    let perNode = format2(Double(memory.indexBytes) / Double(memory.count))
    text += "index memory,bytes/node,\(memory.shape.rawValue),\(memory.count),engine,\(perNode),\(perNode),1,1,measured\n"
    guard let process = memory.process else { continue }
    text += "resident memory (engine built),bytes,\(memory.shape.rawValue),\(memory.count),process,\(process.resident),\(process.resident),1,1,measured\n"
    text += "on huge pages (engine built),bytes,\(memory.shape.rawValue),\(memory.count),process,\(process.hugePages),\(process.hugePages),1,1,measured\n"
  }
  for memory in report.memoryWithHeights {
    let perNode = format2(Double(memory.indexBytes) / Double(memory.count))
    text += "index memory with heights,bytes/node,\(memory.shape.rawValue),\(memory.count),engine,\(perNode),\(perNode),1,1,measured\n"
  }
  for peak in report.peakResident {
    text += "peak resident memory,bytes,all,\(peak.count),process,\(peak.bytes),\(peak.bytes),1,1,measured\n"
  }
  return text
}

private func csvField(_ text: String) -> String {
  text.contains(",") || text.contains("\"") ? "\"" + text.replacingQuotes() + "\"" : text
}

extension String {
  fileprivate func replacingQuotes() -> String {
    var result = ""
    for c in self { result += c == "\"" ? "\"\"" : String(c) }
    return result
  }
}
