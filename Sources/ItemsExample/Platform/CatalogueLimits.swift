/// A body or file that outgrew its size limit.
struct SizeLimitExceeded: Error {}

/// How long and how large a catalogue download may be, so a silent, stalled, drip-fed or
/// endless server cannot hold `items` (or its memory) hostage.
struct CatalogueLimits: Equatable, Sendable {
  /// Seconds from the request to the last byte, whatever the server does meanwhile.
  var timeout: Double = 30
  /// The largest catalogue accepted (downloaded or read from a file), in bytes.
  var maxSize = 16 << 20

  /// How long a load may take before `items` tells a person at a terminal that it is waiting.
  static let patience: Double = 1

  /// `16M`, `800K` or `500000` as bytes; `nil` for anything else (zero included).
  static func bytes(_ text: String) -> Int? {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = Substring(text)
    var unit = 1
    if let last = text.last?.uppercased().first, let scale = units[last] {
      unit = scale
      digits = digits.dropLast()
    }
    guard let count = Int(digits), count > 0 else { return nil }
    let (bytes, overflow) = count.multipliedReportingOverflow(by: unit)
    return overflow ? nil : bytes
  }

  /// `16 MB`, `800 KB` or `1000 bytes`, as a person would say the limit.
  static func describe(bytes: Int) -> String {
    if bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
    if bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
    return bytes == 1 ? "1 byte" : "\(bytes) bytes"
  }

  /// `30 s` or `0.5 s`.
  static func describe(seconds: Double) -> String {
    let whole = seconds.rounded()
    return whole == seconds && whole < 1e15 ? "\(Int(whole)) s" : "\(seconds) s"
  }
}
