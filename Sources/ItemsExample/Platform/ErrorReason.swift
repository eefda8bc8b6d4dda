import Foundation

/// An error that is nothing but its reason, in words: a failed system call, an HTTP status.
struct FailureReason: Error, CustomStringConvertible {
  var description: String
}

/// A short, single-line account of why something failed, for the end of an `items: error:`
/// line. Decoding errors name the place in the JSON, since Foundation's wording does not.
func reason(for error: any Error) -> String {
  switch error {
  case let error as DecodingError:
    return reason(for: error)
  case let error as FailureReason:
    return error.description
  default:
    // Prefer the system's words ("Permission denied") over Foundation's generic wrapper.
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain {
      return FailureReason.posix(Int32(underlying.code)).description
    }
    return error.localizedDescription
  }
}

private func reason(for error: DecodingError) -> String {
  switch error {
  case .dataCorrupted(let context) where context.codingPath.isEmpty:
    return "not valid JSON"
  case .dataCorrupted(let context):
    return "bad value at \(path(context.codingPath))"
  case .keyNotFound(let key, let context):
    return "missing '\(key.stringValue)' at \(path(context.codingPath))"
  case .typeMismatch(let type, let context):
    return "expected \(describe(type)) at \(path(context.codingPath))"
  case .valueNotFound(let type, let context):
    return "expected \(describe(type)) at \(path(context.codingPath))"
  @unknown default:
    return "not in the expected shape"
  }
}

private func path(_ codingPath: [any CodingKey]) -> String {
  guard !codingPath.isEmpty else { return "the top level" }
  return codingPath.map { key in
    key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
  }.joined()
}

private func describe(_ type: Any.Type) -> String {
  switch type {
  case is String.Type: "a string"
  case is [Any].Type: "a list"
  case is [String: Any].Type: "an object"
  default: "\(type)"
  }
}
