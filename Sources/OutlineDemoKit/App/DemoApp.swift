/// The whole demo as a value: keys in, screen lines out.
///
/// `DemoApp` holds the four screens (and the JSON screen, when a document
/// was given), which one shows, the help overlay, the message line and the
/// quit flag. The terminal layer feeds it keys
/// (``handle(_:)``), lets time pass (``tick()``: lazy loads arrive, the big
/// tree is generated), and draws ``render(width:height:)``; tests and
/// `--print` do the same without a terminal.
///
/// ```swift
/// var app = DemoApp(options: try DemoOptions.parse(["--screen", "categories"]))
/// app.resize(width: 80, height: 24)
/// for key in try KeyScript.parse("end enter wait") { app.handle(key); app.tick() }
/// print(app.render().plainText)
/// ```
///
/// Layout, top to bottom: a title bar with the screens, the screen's body,
/// a message line (the last action's result, or hints for the selected
/// row), and a status bar with the screen's facts.
package struct DemoApp {
  /// The screen showing.
  package private(set) var screen: DemoScreen
  /// Whether the user asked to quit.
  package private(set) var shouldQuit = false
  /// Whether the key list is showing.
  package private(set) var isShowingHelp = false
  /// The message line's text; nil shows hints instead.
  package private(set) var message: StatusMessage?
  /// Screen 1.
  package private(set) var formScreen: FormScreen
  /// Screen 2.
  package private(set) var categoriesScreen: CategoriesScreen
  /// Screen 3.
  package private(set) var bigTreeScreen: BigTreeScreen
  /// Screen 4.
  package private(set) var filesScreen: FilesScreen
  /// Screen 5: the JSON document of the command line, if any.
  package private(set) var jsonScreen: JSONScreen?
  /// The screen size the last ``resize(width:height:)`` gave.
  package private(set) var width = 80
  /// The screen height the last ``resize(width:height:)`` gave.
  package private(set) var height = 24
  /// The help's first line.
  internal var helpTop = 0
  /// The clock.
  package let clock: any DemoClock
  /// Whether the sticky ancestor rows show on the tree screens (`^`).
  package private(set) var showsStickyRows = true

  /// Lines that are not the body: the title bar, the message line, the
  /// status bar.
  static let chromeHeight = 3

  /// Opens the form and category files and prepares the big tree (which is
  /// generated when first shown).
  ///
  /// - Complexity: O(size of the files).
  package init(options: DemoOptions = DemoOptions(), environment: DemoEnvironment = DemoEnvironment()) {
    clock = environment.clock
    screen = options.screen
    formScreen = FormScreen(path: options.formPath, configuration: environment.formConfiguration)
    categoriesScreen = CategoriesScreen(
      path: options.categoriesPath, loader: environment.categoryLoader, loadDelay: environment.loadDelay)
    bigTreeScreen = BigTreeScreen(nodeCount: options.nodeCount)
    bigTreeScreen.backgroundSearchNodes = environment.backgroundSearchNodes
    filesScreen = FilesScreen(
      path: options.documentIsDirectory ? options.documentPath! : ".", options: environment.fileTreeOptions)
    var jsonProblem: String?
    if let path = options.documentPath, !options.documentIsDirectory {
      switch environment.openedJSON.map(Result.success) ?? OpenedJSON.open(path: path, standardInput: environment.standardInput, clock: clock) {
      case .success(let opened):
        jsonScreen = JSONScreen(document: opened.document, name: opened.name, path: opened.path, openSeconds: opened.seconds)
      case .failure(let failure):
        jsonProblem = failure.message
      }
    }
    if !screens.contains(screen) { screen = .form }
    if let jsonProblem {
      message = .error(jsonProblem)
    } else if let jsonScreen, screen == .json {
      message = StatusMessage(
        "Opened \(jsonScreen.name): \(DemoFormat.count(jsonScreen.document.outline.nodeCount, "value")) in \(DemoFormat.duration(jsonScreen.lastOperation?.seconds ?? 0))")
    } else if formScreen.document.loadProblem != nil {
      message = .error("The form file could not be loaded; it is left untouched (see above)")
    } else if !formScreen.document.loadedFromFile {
      message = StatusMessage(
        "No \(formScreen.document.path) yet: this is the shipped form; s saves it there")
    } else {
      message = StatusMessage("Loaded \(formScreen.document.path)")
    }
  }

  /// The screens there are, in Tab order: the four always, and the JSON
  /// screen when a document was opened. The number keys show them by
  /// their place here.
  ///
  /// - Complexity: O(1).
  package var screens: [DemoScreen] {
    jsonScreen == nil ? [.form, .categories, .big, .files] : [.form, .categories, .big, .files, .json]
  }

  /// The lines the screens' bodies have.
  ///
  /// - Complexity: O(1).
  package var bodyHeight: Int { max(0, height - Self.chromeHeight) }

  /// Records the terminal's size, for paging and scrolling. Any values are
  /// accepted; nonsense ones draw a "too small" screen.
  ///
  /// - Complexity: O(r log n) for the form's r rows (its scroll position
  ///   is updated).
  package mutating func resize(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    formScreen.scroll(height: bodyHeight)
    categoriesScreen.scroll(height: bodyHeight)
    bigTreeScreen.scroll(height: bodyHeight)
    filesScreen.scroll(height: bodyHeight)
    let height = bodyHeight
    jsonScreen?.scroll(height: height)
  }

  /// Whether ``tick()`` has work whatever the time: the big tree is to be
  /// generated. The terminal layer draws the "generating" screen, then
  /// ticks at once.
  ///
  /// - Complexity: O(1).
  package var hasUrgentWork: Bool {
    (screen == .big && bigTreeScreen.needsBuilding) || (screen == .files && !filesScreen.isOpened)
  }

  /// Whether lazy loads are under way, or a drop marker rests into a
  /// closed row (the terminal layer ticks often while they are, so the
  /// answer, or the row opening, shows in time).
  ///
  /// - Complexity: O(1).
  package var hasPendingLoads: Bool {
    !categoriesScreen.pendingLoads.isEmpty || filesScreen.isScanning || categoriesScreen.move?.isHolding == true
      || bigTreeScreen.move?.isHolding == true || bigTreeScreen.isSearching
  }

  /// Whether a search is asking its nodes in the background (the terminal
  /// layer ticks very often while one is, so its matches show as soon as
  /// they are in).
  ///
  /// - Complexity: O(1).
  package var hasRunningSearch: Bool { bigTreeScreen.isSearching }

  /// Waits for the work under way in the background that a key script's
  /// `wait` waits for (a search), and applies it.
  ///
  /// - Complexity: The rest of that work.
  package mutating func finishBackgroundWork() {
    var context = ScreenContext(clock: clock, bodyHeight: bodyHeight, message: message)
    if bigTreeScreen.waitForSearch(context: &context) { message = context.message }
  }



  // MARK: Keys

  /// Handles one key.
  ///
  /// Ctrl-C always quits; `q` quits unless you are typing into a field;
  /// `?` shows the help; Tab, Shift-Tab and 1 ... 5 switch screens; `^`
  /// turns the sticky rows of the tree screens off and on;
  /// `wait` finishes the lazy loads; everything else goes to the screen
  /// showing.
  ///
  /// - Complexity: The screen's cost for the key: O(log n + screen) for
  ///   moves and single expansions.
  package mutating func handle(_ key: Key) {
    if case .text(let text) = key, formScreen.editing == nil || screen != .form {
      for character in text { handle(character == " " ? .space : .character(character)) }
      return
    }
    var context = ScreenContext(clock: clock, bodyHeight: bodyHeight)
    defer { message = context.message }
    switch key {
    case .interrupt:
      shouldQuit = true
      return
    case .wait:
      if !categoriesScreen.finishLoads(all: true, context: &context) && !filesScreen.finishScan(context: &context)
        && !categoriesScreen.openRowUnderMarker(at: .infinity, context: &context)
        && !bigTreeScreen.openRowUnderMarker(at: .infinity, context: &context)
        && !bigTreeScreen.waitForSearch(context: &context)
      {
        context.message = StatusMessage("Nothing is loading")
      }
      return
    case .mouse(let event):
      handle(event, context: &context)
      return
    default:
      break
    }
    if isShowingHelp {
      handleHelp(key)
      return
    }
    if !isTyping && handleGlobal(key, context: &context) { return }
    switch screen {
    case .form: formScreen.handle(key, context: &context)
    case .categories: categoriesScreen.handle(key, context: &context)
    case .big: bigTreeScreen.handle(key, context: &context)
    case .files: filesScreen.handle(key, context: &context)
    case .json: jsonScreen?.handle(key, context: &context)
    }
  }

  /// Whether the screen showing takes printable keys as text: a form field,
  /// a JSON field or a search line is open.
  ///
  /// - Complexity: O(1).
  package var isTyping: Bool {
    switch screen {
    case .form: formScreen.editing != nil
    case .categories: categoriesScreen.search.isTyping
    case .big: bigTreeScreen.search.isTyping
    case .files: filesScreen.search.isTyping
    case .json: jsonScreen?.isTyping ?? false
    }
  }

  /// The open search line (or JSON field) of the screen showing, if any.
  ///
  /// - Complexity: O(k) for a query of k characters.
  package var searchLine: String? {
    switch screen {
    case .form: nil
    case .categories: categoriesScreen.search.line
    case .big: bigTreeScreen.search.line
    case .files: filesScreen.search.line
    case .json: jsonScreen?.inputLine
    }
  }

  /// Keys every screen shares; false when the key is the screen's.
  private mutating func handleGlobal(_ key: Key, context: inout ScreenContext) -> Bool {
    switch key {
    case .character("q"):
      shouldQuit = true
    case .character("?"):
      isShowingHelp = true
      helpTop = 0
    case .tab, .backTab:
      let screens = self.screens
      let here = screens.firstIndex(of: screen) ?? 0
      screen = screens[(here + (key == .tab ? 1 : screens.count - 1)) % screens.count]
    case .character(let character) where character.wholeNumberValue.map({ (1 ... screens.count).contains($0) }) == true:
      screen = screens[character.wholeNumberValue! - 1]
    case .character(StickyHeader.key) where screen != .form:
      setStickyRows(!showsStickyRows, context: &context)
    default:
      return false
    }
    return true
  }

  /// Turns the sticky ancestor rows on or off on every tree screen.
  private mutating func setStickyRows(_ isOn: Bool, context: inout ScreenContext) {
    showsStickyRows = isOn
    categoriesScreen.sticky.isOn = isOn
    bigTreeScreen.sticky.isOn = isOn
    filesScreen.sticky.isOn = isOn
    jsonScreen?.sticky.isOn = isOn
    resize(width: width, height: height)
    context.message = StatusMessage(
      isOn
        ? "Sticky rows on: the ancestors of the rows at the top stay pinned above them (^ turns them off)"
        : "Sticky rows off (^ turns them on)")
  }

  // MARK: The mouse

  /// A mouse event: the wheel moves the focus three rows (the marker,
  /// while rows are moved); a click on the title bar's screen names shows
  /// that screen; in the body, the screen's (a click focuses a row, a drag
  /// moves rows). The help closes on a click.
  private mutating func handle(_ event: MouseEvent, context: inout ScreenContext) {
    if event.action == .wheelUp || event.action == .wheelDown {
      for _ in 0 ..< 3 { handle(event.action == .wheelUp ? .up : .down) }
      context.message = message
      return
    }
    if isShowingHelp {
      if event.action == .press { isShowingHelp = false }
      return
    }
    let line = event.line - 2  // the body's first line is the screen's second
    let column = event.column - 1
    if event.line == 1, event.action == .press {
      if let clicked = titleBarScreen(atColumn: column) { screen = clicked }
      return
    }
    guard line >= 0, line < bodyHeight else { return }
    switch screen {
    case .form: formScreen.handleMouse(event, line: line, context: &context)
    case .categories: categoriesScreen.handleMouse(event, line: line, column: column, context: &context)
    case .big: bigTreeScreen.handleMoveMouse(event, line: line, column: column, context: &context)
    case .files: filesScreen.handleMouse(event, line: line, column: column, context: &context)
    case .json: jsonScreen?.handleMouse(event, line: line, column: column, context: &context)
    }
  }

  /// While the help shows: arrows scroll it, `q` quits, any other key
  /// closes it.
  private mutating func handleHelp(_ key: Key) {
    let page = max(1, bodyHeight - 1)
    let last = max(0, HelpText.lines.count - bodyHeight)
    switch key {
    case .down: helpTop = min(last, helpTop + 1)
    case .up: helpTop = max(0, helpTop - 1)
    case .pageDown, .space: helpTop = min(last, helpTop + page)
    case .pageUp: helpTop = max(0, helpTop - page)
    case .home: helpTop = 0
    case .end: helpTop = last
    case .character("q"): shouldQuit = true
    default: isShowingHelp = false
    }
  }

  // MARK: Time

  /// Lets time pass: answers the lazy loads that are due, and generates the
  /// big tree when its screen shows for the first time.
  ///
  /// - Returns: Whether the screen may have changed.
  /// - Complexity: O(m log n) for m loaded subcategories; O(n) once, for
  ///   the big tree.
  @discardableResult
  package mutating func tick() -> Bool {
    var context = ScreenContext(clock: clock, bodyHeight: bodyHeight, message: message)
    var changed = categoriesScreen.finishLoads(all: false, context: &context)
    let now = clock.now()
    changed = categoriesScreen.openRowUnderMarker(at: now, context: &context) || changed
    changed = bigTreeScreen.openRowUnderMarker(at: now, context: &context) || changed
    changed = bigTreeScreen.finishBackgroundSearch(context: &context) || changed
    if screen == .big && bigTreeScreen.needsBuilding {
      changed = bigTreeScreen.build(context: &context) || changed
    }
    if screen == .files { changed = filesScreen.open(context: &context) || changed }
    changed = filesScreen.tick(context: &context) || changed
    if changed { message = context.message }
    return changed
  }
}
