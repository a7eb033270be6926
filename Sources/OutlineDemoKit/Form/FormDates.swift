import Foundation
import OutlineAdapters

/// The form's dates as the user types and reads them: `YYYY-MM-DD` in the
/// form's time zone, stepped by calendar days.
///
/// A date picker stores ISO 8601 text (`1990-05-17T12:00:00Z`); the user
/// types and sees the calendar day. Typed days are taken at noon in the
/// form's time zone, so that showing them in that zone never moves them to
/// the day before or after.
package struct FormDates: Sendable {
  /// The calendar days are counted in: Gregorian, in the form's time zone.
  package let calendar: Calendar

  /// Dates for a form's configuration (its time zone).
  ///
  /// - Complexity: O(1).
  package init(configuration: DescriptorForm.Configuration) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = configuration.timeZone
    self.calendar = calendar
  }

  /// Reads a typed day: `1990-05-17` (one-digit months and days, and `/`
  /// or `.` between the parts, are fine); nil for anything else, including
  /// days that do not exist (`2001-02-29`).
  ///
  /// - Complexity: O(length of the text).
  package func date(fromTyped text: String) -> Date? {
    let parts = text.trimmingCharacters(in: .whitespaces)
      .split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." }).map(String.init)
    guard parts.count == 3, parts[0].count == 4,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1 ... 9999).contains(year), (1 ... 12).contains(month), (1 ... 31).contains(day)
    else { return nil }
    let components = DateComponents(year: year, month: month, day: day, hour: 12)
    guard let date = calendar.date(from: components) else { return nil }
    let back = calendar.dateComponents([.year, .month, .day], from: date)
    guard back.year == year, back.month == month, back.day == day else { return nil }
    return date
  }

  /// The day of a date as `YYYY-MM-DD`.
  ///
  /// - Complexity: O(1).
  package func dayText(_ date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = parts.year ?? 0
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(yearText)-\(two(parts.month ?? 1))-\(two(parts.day ?? 1))"
  }

  /// The date a date picker stores (ISO 8601 text), or nil when it holds
  /// none (or text that is not a date).
  ///
  /// - Complexity: O(length of the value).
  package func storedDate(_ value: String) -> Date? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return nil }
    if let date = ISO8601DateFormatter().date(from: trimmed) { return date }
    return date(fromTyped: trimmed)
  }

  /// A date moved by whole days, at noon of the new day.
  ///
  /// - Complexity: O(1).
  package func adding(days: Int, to date: Date) -> Date? {
    let start = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: date) ?? date
    return calendar.date(byAdding: .day, value: days, to: start)
  }

  /// The week of a date, Monday first, as a small calendar: the days'
  /// names, then their numbers with the date's in brackets.
  ///
  /// ```text
  ///  Mo  Tu  We  Th  Fr  Sa  Su
  ///  7   8   9 [10] 11  12  13
  /// ```
  ///
  /// - Complexity: O(1).
  package func week(of date: Date) -> (names: String, days: String) {
    let weekday = calendar.component(.weekday, from: date)  // 1: Sunday
    let sinceMonday = (weekday + 5) % 7
    var days = ""
    for offset in 0 ..< 7 {
      let day = calendar.date(byAdding: .day, value: offset - sinceMonday, to: date).map { calendar.component(.day, from: $0) } ?? 0
      let number = day < 10 ? " \(day)" : "\(day)"
      days += offset == sinceMonday ? "[\(number)]" : " \(number) "
    }
    return (" Mo  Tu  We  Th  Fr  Sa  Su", days)
  }
}
