/// The key list `?` shows.
public enum HelpText {
  /// The lines of the key list, headings marked with a leading `#`.
  public static let lines: [String] = [
    "# Everywhere",
    "Tab / Shift-Tab      next / previous screen       1 2 3   Form, Categories, Big tree",
    "↑ ↓                  move                         PgUp PgDn Home End   page, first, last",
    "→                    expand, or go to the first child",
    "←                    collapse, or go to the parent",
    "Enter / Space        activate: toggle, edit, flip, pick",
    "letters              jump to the next row starting with them (type quickly for more letters;",
    "                     for a row starting with q, s or a, type it in capitals)",
    "?                    this help (any key closes it)  q or Ctrl-C   quit",
    "",
    "# Form",
    "Enter on a name      type it; the parent shows \"First Last\" as you type; Enter done, Esc restore",
    "Enter on the date    type YYYY-MM-DD;  + / -   a day later / earlier",
    "Enter on the switch  Married / Single",
    "Enter on a choice    pick it: the parent collapses and shows it",
    "← → on the slider    the level (also - / +)",
    "s                    save the form (--form FILE, default ./CellDescriptor.plist)",
    "",
    "# Categories",
    "a                    accordion on / off: opening a row closes its open sibling",
    "-                    close every row",
    "lazy rows            show Loading… then their subcategories; a failed load: Enter retries",
    "",
    "# Big tree",
    "*                    expand the whole subtree     +   expand",
    "-                    collapse all",
    "status bar           selected row, rows, nodes, and the last operation's time",
  ]
}
