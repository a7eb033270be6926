import Foundation
import XCTest

@testable import OutlineAdapters

final class CategoryCatalogTests: XCTestCase {
  func testTheSampleCatalogDecodes() throws {
    let catalog = try CategoryCatalog.sample()
    XCTAssertEqual(catalog.sections.map(\.name), ["Books", "Music", "Garden"])
    XCTAssertEqual(catalog.sections.map(\.count), [124, 58, 19])
    XCTAssertEqual(catalog.sections.map(\.imageName), ["book", "music.note", "leaf"])
    XCTAssertEqual(catalog.sections.map(\.isLazy), [false, false, true])
    let books = catalog.sections[0]
    XCTAssertEqual(books.subcategories.map(\.name), ["Fiction", "Non-fiction", "Rare editions"])
    XCTAssertEqual(books.subcategories.map(\.isLazy), [false, false, true])
    let science = books.subcategories[1].subcategories[1]
    XCTAssertEqual(science, .init(name: "Science", count: 26, subcategories: [.init(name: "Astronomy", count: 11), .init(name: "Botany", count: 15)]))
  }

  func testJSONRoundTrips() throws {
    let catalog = try CategoryCatalog.sample()
    XCTAssertEqual(try CategoryCatalog(json: catalog.jsonData()), catalog)
  }

  func testEncodingLeavesOutEmptySubcategoriesAndFalseLazy() throws {
    let catalog = CategoryCatalog(sections: [.init(name: "A", count: 1, imageName: "a", subcategories: [.init(name: "x", count: 0, isLazy: true)])])
    XCTAssertEqual(
      String(decoding: try catalog.jsonData(), as: UTF8.self).filter { !$0.isWhitespace },
      #"{"sections":[{"count":1,"imageName":"a","name":"A","subcategories":[{"count":0,"lazy":true,"name":"x"}]}]}"#)
  }

  // MARK: Errors with JSON paths

  func decode(_ json: String) -> CategoryCatalogError? {
    catalogError { _ = try CategoryCatalog(json: Data(json.utf8)) }
  }

  func testAMistypedCountNamesItsPath() {
    let error = decode("""
      {"sections": [
        {"name": "A", "count": 1, "imageName": "a"},
        {"name": "B", "count": 2, "imageName": "b"},
        {"name": "C", "count": 3, "imageName": "c", "subcategories": [{"name": "x", "count": "3"}]}
      ]}
      """)
    XCTAssertEqual(error, CategoryCatalogError(path: "sections[2].subcategories[0].count", reason: .typeMismatch(expected: "Int")))
    XCTAssertEqual(error?.description, "sections[2].subcategories[0].count: expected Int, found something else")
  }

  func testANegativeCountNamesItsPath() {
    let error = decode("""
      {"sections": [{"name": "A", "count": 1, "imageName": "a",
        "subcategories": [{"name": "x", "count": 1}, {"name": "y", "count": -4}]}]}
      """)
    XCTAssertEqual(error, CategoryCatalogError(path: "sections[0].subcategories[1].count", reason: .invalidValue("must not be negative, found -4")))
    XCTAssertEqual(error?.description, "sections[0].subcategories[1].count: must not be negative, found -4")
    let section = decode(#"{"sections": [{"name": "A", "count": -1, "imageName": "a"}]}"#)
    XCTAssertEqual(section?.path, "sections[0].count")
  }

  func testAMissingKeyNamesItsPath() {
    let image = decode(#"{"sections": [{"name": "A", "count": 1, "imageName": "a"}, {"name": "B", "count": 1}]}"#)
    XCTAssertEqual(image, CategoryCatalogError(path: "sections[1].imageName", reason: .missingKey("imageName")))
    XCTAssertEqual(image?.description, "sections[1].imageName: missing key \"imageName\"")
    let sections = decode("{}")
    XCTAssertEqual(sections, CategoryCatalogError(path: "sections", reason: .missingKey("sections")))
  }

  func testAnErrorDeepDownNamesTheWholePath() {
    let error = decode("""
      {"sections": [{"name": "A", "count": 1, "imageName": "a", "subcategories": [
        {"name": "x", "count": 1, "subcategories": [
          {"name": "y", "count": 1},
          {"name": "z", "count": 1, "subcategories": [{"count": 1}]}]}]}]}
      """)
    XCTAssertEqual(
      error, CategoryCatalogError(path: "sections[0].subcategories[0].subcategories[1].subcategories[0].name", reason: .missingKey("name")))
  }

  func testANullValueNamesItsPath() {
    let error = decode(#"{"sections": [{"name": null, "count": 1, "imageName": "a"}]}"#)
    XCTAssertEqual(error, CategoryCatalogError(path: "sections[0].name", reason: .nullValue(expected: "String")))
    XCTAssertEqual(error?.description, "sections[0].name: expected String, found null")
  }

  func testALazyEntryListingSubcategoriesIsRejected() {
    let error = decode("""
      {"sections": [{"name": "A", "count": 1, "imageName": "a",
        "subcategories": [{"name": "x", "count": 1, "lazy": true, "subcategories": [{"name": "y", "count": 0}]}]}]}
      """)
    XCTAssertEqual(
      error,
      CategoryCatalogError(
        path: "sections[0].subcategories[0].subcategories",
        reason: .invalidValue("a lazy entry loads its subcategories later and must not list 1 here")))
  }

  func testAMistypedLazyFlagNamesItsPath() {
    let error = decode(#"{"sections": [{"name": "A", "count": 1, "imageName": "a", "lazy": "yes"}]}"#)
    XCTAssertEqual(error, CategoryCatalogError(path: "sections[0].lazy", reason: .typeMismatch(expected: "Bool")))
  }

  func testDataThatIsNotJSONThrows() {
    let error = decode(#"{"sections": ["#)
    guard case .notJSON? = error?.reason else { return XCTFail(String(describing: error)) }
    XCTAssertEqual(error?.path, "")
    XCTAssertTrue(error!.description.hasPrefix("not valid JSON: "), error!.description)
  }

  func testARootThatIsNotAnObjectThrows() {
    let error = decode("[]")
    guard case .typeMismatch? = error?.reason else { return XCTFail(String(describing: error)) }
    XCTAssertEqual(error?.path, "")
  }

  func testPathsAreWrittenWithDotsAndBrackets() {
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int?
      init(stringValue: String) { self.stringValue = stringValue }
      init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
      }
    }
    XCTAssertEqual(CategoryCatalogError.path([Key(stringValue: "a"), Key(intValue: 3), Key(stringValue: "b")]), "a[3].b")
    XCTAssertEqual(CategoryCatalogError.path([Key(intValue: 0), Key(stringValue: "name")]), "[0].name")
    XCTAssertEqual(CategoryCatalogError.path([]), "")
  }
}
