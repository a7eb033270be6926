/// Drawing the whole screen: title bar, body, message line, status bar.
///
/// ```text
///  outline-demo   [1 Form]   2 Categories   3 Big tree          ? keys · q quit
///   Personal
/// › ▸ Name
///   …
/// No ./CellDescriptor.plist yet: this is the shipped form; s saves it there
///  ./CellDescriptor.plist · the shipped form, not saved yet
/// ```
extension DemoApp {
  /// The smallest screen the demo draws; smaller ones get a one-line
  /// notice.
  package static let minimumSize = (width: 20, height: 5)

  /// The screen at the size of the last ``resize(width:height:)``.
  ///
  /// - Complexity: As ``render(width:height:)``.
  package func render() -> [ScreenLine] {
    render(width: width, height: height)
  }

  /// The screen as `height` lines of at most `width` columns each.
  ///
  /// Never traps, whatever the size: a screen too small for the layout gets
  /// a notice, a zero or negative size no lines.
  ///
  /// - Complexity: O(screen) plus the screen's body: O(d log n + height)
  ///   rows visited for the trees, whatever their size.
  package func render(width: Int, height: Int) -> [ScreenLine] {
    guard width > 0, height > 0 else { return [] }
    guard width >= Self.minimumSize.width, height >= Self.minimumSize.height else {
      var lines = [ScreenLine(TerminalText.fit("too small (\(width)×\(height)); outline-demo needs \(Self.minimumSize.width)×\(Self.minimumSize.height)", width: width), style: .bold)]
      lines += Array(repeating: ScreenLine(), count: height - 1)
      return lines
    }
    let bodyHeight = height - Self.chromeHeight
    var lines: [ScreenLine] = [titleBar(width: width)]
    var body: [ScreenLine]
    if isShowingHelp {
      body = helpBody(width: width, height: bodyHeight)
    } else {
      switch screen {
      case .form: body = formScreen.renderBody(width: width, height: bodyHeight)
      case .categories: body = categoriesScreen.renderBody(width: width, height: bodyHeight)
      case .big: body = bigTreeScreen.renderBody(width: width, height: bodyHeight)
      case .files: body = filesScreen.renderBody(width: width, height: bodyHeight)
      case .json: body = jsonScreen?.renderBody(width: width, height: bodyHeight) ?? []
      }
    }
    body = Array(body.prefix(bodyHeight))
    body += Array(repeating: ScreenLine(), count: bodyHeight - body.count)
    lines += body
    lines.append(messageLine(width: width))
    lines.append(ScreenLine(TerminalText.fit(" " + statusFacts, width: width), style: .highlighted))
    return lines
  }

  /// The title bar: the program, the screens (the current one in
  /// brackets), and the help and quit keys.
  private func titleBar(width: Int) -> ScreenLine {
    let text = TerminalText.spread(" outline-demo  " + titleBarTabs.joined(separator: "  "), "? keys · q quit ", width: width)
    return ScreenLine(text, style: [.highlighted, .bold])
  }

  /// The screens' names in the title bar.
  private var titleBarTabs: [String] {
    screens.enumerated().map { number, candidate in
      candidate == screen ? "[\(number + 1) \(candidate.title)]" : "\(number + 1) \(candidate.title)"
    }
  }

  /// The screen whose name is at a column of the title bar (from 0), for a
  /// click.
  ///
  /// - Complexity: O(screens).
  func titleBarScreen(atColumn column: Int) -> DemoScreen? {
    var start = " outline-demo  ".count
    for (candidate, tab) in zip(screens, titleBarTabs) {
      if column >= start && column < start + tab.count { return candidate }
      start += tab.count + 2
    }
    return nil
  }

  /// The message, or hints for the focused row.
  private func messageLine(width: Int) -> ScreenLine {
    if !isShowingHelp, let searchLine {
      return ScreenLine(TerminalText.fit(" " + TerminalText.sanitized(searchLine), width: width), style: .bold)
    }
    if let message {
      return ScreenLine(
        TerminalText.fit(" " + TerminalText.sanitized(message.text), width: width),
        style: message.isError ? [.error, .bold] : .bold)
    }
    let hints: String
    if isShowingHelp {
      hints = "↑↓ PgUp PgDn scroll · any other key closes the help"
    } else {
      switch screen {
      case .form: hints = formScreen.hints
      case .categories: hints = categoriesScreen.hints
      case .big: hints = bigTreeScreen.hints
      case .files: hints = filesScreen.hints
      case .json: hints = jsonScreen?.hints ?? ""
      }
    }
    return ScreenLine(TerminalText.fit(" " + hints, width: width), style: .dim)
  }

  /// The status bar's facts for the screen showing.
  private var statusFacts: String {
    if isShowingHelp { return "Keys (\(HelpText.lines.count) lines)" }
    switch screen {
    case .form: return formScreen.statusFacts
    case .categories: return categoriesScreen.statusFacts
    case .big: return bigTreeScreen.statusFacts
    case .files: return filesScreen.statusFacts
    case .json: return jsonScreen?.statusFacts ?? ""
    }
  }

  /// The key list, scrolled to ``helpTop``.
  private func helpBody(width: Int, height: Int) -> [ScreenLine] {
    let top = min(helpTop, max(0, HelpText.lines.count - height))
    return HelpText.lines.dropFirst(top).prefix(height).map { line in
      if line.hasPrefix("# ") {
        return ScreenLine(TerminalText.fit("  " + line.dropFirst(2), width: width), style: .bold)
      }
      return ScreenLine(TerminalText.fit("  " + line, width: width))
    }
  }
}
