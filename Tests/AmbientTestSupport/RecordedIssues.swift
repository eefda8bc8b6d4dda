import Ambient
import Testing

/// The texts of the issues `body` records, each accepted as a known issue; `body` must record
/// at least one (a test that expects a report fails when there is none). For counting reports
/// and pinning their text in one place:
///
/// ```swift
/// let texts = recordedIssues { reportIssue("The printer is on fire.") }
/// #expect(texts == ["The printer is on fire."])
/// ```
///
/// Each text is the issue's comments joined by newlines.
public func recordedIssues(_ body: () -> Void) -> [String] {
  let texts = LockIsolated<[String]>([])
  withKnownIssue {
    body()
  } matching: { issue in
    texts.withValue { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return texts.value
}

/// The texts of the issues asynchronous `body` records; see the synchronous form.
public func recordedIssues(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async -> [String] {
  let texts = LockIsolated<[String]>([])
  await withKnownIssue {
    await body()
  } matching: { issue in
    texts.withValue { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return texts.value
}
