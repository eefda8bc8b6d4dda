import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing
import XCTest

// Overriding part of a dependency never reports. A key-path write runs the
// getter first; whatever that getter reports while an update closure runs is not a failure,
// and `shouldReportUnimplemented` lets a `testValue` tell.

/// A client whose test value reports that it is used, the way swift-dependencies users write it.
private struct Printer: Sendable {
  var name: String
  var print: @Sendable (String) -> Void
}

private enum PrinterKey: TestDependencyKey {
  static var testValue: Printer {
    if shouldReportUnimplemented {
      reportIssue("Printer: the test used the default printer; override \\.printer.")
    }
    return Printer(name: "unimplemented", print: { _ in })
  }
}

/// A value whose getter reports every time, as an unimplemented endpoint does when called.
private struct Gauge: Sendable {
  private var stored = 0
  var reading: Int {
    get {
      reportIssue("Gauge.reading was read.")
      return stored
    }
    set { stored = newValue }
  }
}

private enum GaugeKey: TestDependencyKey {
  static var testValue: Gauge { Gauge() }
}

extension DependencyValues {
  fileprivate var printer: Printer {
    get { self[PrinterKey.self] }
    set { self[PrinterKey.self] = newValue }
  }
  fileprivate var gauge: Gauge {
    get { self[GaugeKey.self] }
    set { self[GaugeKey.self] = newValue }
  }
}

private let epoch = Date(timeIntervalSince1970: 0)

@Suite struct UpdateClosureReportingCompatibilityTests {
  @Test func aKeyPathWriteToTheDateReportsNothing() {
    let now: WritableKeyPath<DependencyValues, Date> = \.date.now
    withDependencies {
      $0[keyPath: now] = epoch
    } operation: {
      @Dependency(\.date.now) var read
      #expect(read == epoch)
    }
  }

  @Test(.dependency(\.date.now, Date(timeIntervalSince1970: 0)))
  func theDependencyTraitOnTheDateReportsNothing() {
    @Dependency(\.date.now) var now
    #expect(now == epoch)
  }

  @Test(.dependency(\.printer.name, "trait"))
  func theDependencyTraitOnPartOfAClientReportsNothing() {
    @Dependency(\.printer) var printer
    #expect(printer.name == "trait")
  }

  @Test func settingPartOfAClientReportsNothing() {
    withDependencies {
      $0.printer.name = "custom"
      $0[keyPath: \.gauge.reading] = 7
    } operation: {
      @Dependency(\.printer.name) var name
      #expect(name == "custom")
    }
  }

  @Test func usingTheDefaultOutsideAnUpdateClosureStillReports() {
    let texts = recordedIssues {
      @Dependency(\.printer) var printer
      printer.print("hello")
      @Dependency(\.gauge.reading) var reading
      _ = reading
    }
    #expect(
      texts == [
        #"Printer: the test used the default printer; override \.printer."#,
        "Gauge.reading was read.",
      ])
  }

  @Test func shouldReportUnimplementedIsFalseOnlyWhileValuesAreSet() {
    var inUpdate: Bool?
    var inOperation: Bool?
    var inPreparation: Bool?
    withDependencies { _ in
      inUpdate = PrinterKey.shouldReportUnimplemented
    } operation: {
      inOperation = PrinterKey.shouldReportUnimplemented
    }
    prepareDependencies { _ in inPreparation = PrinterKey.shouldReportUnimplemented }

    #expect(inUpdate == false)
    #expect(inOperation == true)
    #expect(inPreparation == false)
    #expect(PrinterKey.shouldReportUnimplemented)
  }

  @Test(.timeLimit(.minutes(1)))
  func anAsyncUpdateClosureReportsNothingAcrossSuspensions() async {
    var inUpdate: Bool?
    var inOperation: Bool?
    await withDependencies {
      await Task.yield()
      inUpdate = PrinterKey.shouldReportUnimplemented
      $0[keyPath: \.date.now] = epoch
      $0.printer.name = "async"
    } operation: {
      await Task.yield()
      inOperation = PrinterKey.shouldReportUnimplemented
      @Dependency(\.printer.name) var name
      #expect(name == "async")
    }

    #expect(inUpdate == false)
    #expect(inOperation == true)
  }

  @Test func anOperationNestedInAnUpdateClosureStillReports() {
    var nested: Bool?
    let texts = recordedIssues {
      withDependencies { _ in
        withDependencies { _ in
        } operation: {
          nested = PrinterKey.shouldReportUnimplemented
          reportIssue("From a nested operation.")
        }
      } operation: {
      }
    }

    #expect(nested == true)
    #expect(texts == ["From a nested operation."])
  }

  @Test(.timeLimit(.minutes(1)))
  func anAsyncOperationNestedInAnAsyncUpdateClosureStillReports() async {
    let texts = await recordedIssues {
      await withDependencies { _ in
        await Task.yield()
        await withDependencies { _ in
        } operation: {
          await Task.yield()
          reportIssue("From a nested operation.")
        }
      } operation: {
      }
    }

    #expect(texts == ["From a nested operation."])
  }
}

final class UpdateClosureReportingCompatibilityXCTests: XCTestCase {
  // An issue reported here would fail the test method: passing is the assertion.
  func testAKeyPathWriteToTheDateReportsNothing() {
    let now: WritableKeyPath<DependencyValues, Date> = \.date.now
    withDependencies {
      $0[keyPath: now] = epoch
      $0.printer.name = "custom"
    } operation: {
      @Dependency(\.date.now) var read
      @Dependency(\.printer.name) var name
      XCTAssertEqual(read, epoch)
      XCTAssertEqual(name, "custom")
    }
  }

  func testShouldReportUnimplementedIsFalseOnlyWhileValuesAreSet() async {
    var inUpdate: Bool?
    await withDependencies { _ in
      await Task.yield()
      inUpdate = PrinterKey.shouldReportUnimplemented
    } operation: {
    }

    XCTAssertEqual(inUpdate, false)
    XCTAssertTrue(PrinterKey.shouldReportUnimplemented)
  }
}
