import OutlineTestSupport

/// Seeded JSON documents shaped like API responses: a search result's
/// page of posts, each with its user, entities, coordinates and counters,
/// as `twitter.json` and its kin are. Long strings, strings with escapes
/// (quotes, backslashes, `\n`, `\u` escapes and surrogate pairs) and raw
/// UTF-8, integers, floats with exponents, booleans and nulls, objects
/// and arrays nested four or five deep. Written compactly, as APIs send
/// them.
struct JSONCorpus {
  var random: SplitMix64

  /// A document of about `bytes` bytes (a little more: it ends after the
  /// post that reaches the size).
  static func apiResponse(bytes: Int, seed: UInt64) -> [UInt8] {
    var corpus = JSONCorpus(random: SplitMix64(seed: seed))
    var out: [UInt8] = []
    out.reserveCapacity(bytes + 4096)
    out += Array(#"{"statuses":["#.utf8)
    var id = 250_075_927_172_759_552 as UInt64
    var first = true
    while out.count < bytes - 200 {
      if !first { out.append(UInt8(ascii: ",")) }
      first = false
      id &+= UInt64(corpus.random.int(below: 1_000_000))
      corpus.post(id: id, into: &out)
    }
    out += Array(#"],"search_metadata":{"completed_in":0.087,"max_id":250126199840518145,"query":"%E4%B8%80","count":100,"since_id":0}}"#.utf8)
    return out
  }

  // MARK: Pieces

  static let words = [
    "the", "outline", "swift", "tree", "engine", "row", "expand", "collapse", "value", "node", "list",
    "view", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "data", "search", "filter",
  ]
  static let japanese = ["一", "日", "本", "語", "東京", "大阪", "ありがとう", "こんにちは", "さようなら", "猫"]
  static let escapedJapanese = [#"\u4e00"#, #"\u65e5\u672c"#, #"\u3042\u308a\u304c\u3068\u3046"#, #"\u732b"#]

  mutating func post(id: UInt64, into out: inout [UInt8]) {
    func add(_ text: String) { out += Array(text.utf8) }
    add(#"{"created_at":"Mon Sep 24 03:35:21 +0000 2012","id":\#(id),"id_str":"\#(id)","text":"#)
    text(words: 8 + random.int(below: 20), into: &out)
    add(#","source":"<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>","truncated":false,"#)
    add(#""in_reply_to_status_id":null,"in_reply_to_user_id":\#(random.int(below: 2) == 0 ? "null" : String(random.int(below: 1_000_000_000))),"#)
    add(#""user":"#)
    user(into: &out)
    add(#","geo":null,"coordinates":"#)
    if random.int(below: 3) == 0 {
      let longitude = Double(random.int(below: 36_000_000)) / 100_000 - 180
      let latitude = Double(random.int(below: 18_000_000)) / 100_000 - 90
      add(#"{"type":"Point","coordinates":[\#(longitude),\#(latitude)]}"#)
    } else {
      add("null")
    }
    add(#","retweet_count":\#(random.int(below: 500)),"favorite_count":\#(random.int(below: 2000)),"#)
    add(#""entities":{"hashtags":["#)
    for k in 0 ..< random.int(below: 4) {
      if k > 0 { add(",") }
      let start = random.int(below: 100)
      add(#"{"text":"\#(JSONCorpus.words[random.int(below: JSONCorpus.words.count)])","indices":[\#(start),\#(start + 6)]}"#)
    }
    add(#"],"urls":[],"user_mentions":["#)
    for k in 0 ..< random.int(below: 3) {
      if k > 0 { add(",") }
      add(#"{"screen_name":"user\#(random.int(below: 100_000))","name":"\#(JSONCorpus.japanese[random.int(below: JSONCorpus.japanese.count)])","id":\#(random.int(below: 1_000_000_000)),"indices":[0,\#(3 + random.int(below: 12))]}"#)
    }
    add(#"]},"favorited":false,"retweeted":false,"score":\#(random.int(below: 10_000))e-\#(1 + random.int(below: 5)),"lang":"\#(["ja", "en", "es"][random.int(below: 3)])"}"#)
  }

  mutating func user(into out: inout [UInt8]) {
    func add(_ text: String) { out += Array(text.utf8) }
    let userID = random.int(below: 2_000_000_000)
    add(#"{"id":\#(userID),"id_str":"\#(userID)","name":"#)
    text(words: 1 + random.int(below: 3), into: &out)
    add(#","screen_name":"user\#(random.int(below: 100_000))","location":"\#(JSONCorpus.japanese[random.int(below: JSONCorpus.japanese.count)])","description":"#)
    text(words: random.int(below: 30), into: &out)
    add(#","url":null,"protected":false,"followers_count":\#(random.int(below: 100_000)),"friends_count":\#(random.int(below: 5_000)),"#)
    add(#""created_at":"Fri Apr 15 16:44:54 +0000 2011","favourites_count":\#(random.int(below: 10_000)),"utc_offset":null,"#)
    add(#""verified":\#(random.int(below: 10) == 0),"statuses_count":\#(random.int(below: 100_000)),"profile_background_color":"C0DEED","#)
    add(#""profile_image_url":"http:\/\/a0.twimg.com\/profile_images\/\#(random.int(below: 10_000_000))\/normal.png","default_profile":true}"#)
  }

  /// A string of `words` words: English, raw Japanese, escaped Japanese,
  /// now and then a quote, a backslash, a line break, an emoji as a
  /// surrogate pair.
  mutating func text(words: Int, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for k in 0 ..< words {
      if k > 0 { out.append(UInt8(ascii: " ")) }
      switch random.int(below: 40) {
      case 0: out += Array(#"\"quoted\""#.utf8)
      case 1: out += Array(#"back\\slash"#.utf8)
      case 2: out += Array(#"\n"#.utf8)
      case 3: out += Array(#"\ud83d\ude00"#.utf8)
      case 4 ... 8: out += Array(JSONCorpus.japanese[random.int(below: JSONCorpus.japanese.count)].utf8)
      case 9 ... 11: out += Array(JSONCorpus.escapedJapanese[random.int(below: JSONCorpus.escapedJapanese.count)].utf8)
      default: out += Array(JSONCorpus.words[random.int(below: JSONCorpus.words.count)].utf8)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
