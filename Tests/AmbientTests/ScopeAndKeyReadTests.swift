import Ambient
import AmbientTestSupport
import Testing

/// A number with no test value of its own: reading it in a test reports which key was read.
enum UnsetNumberKey: TestDependencyKey {
  static var testValue: Int {
    reportIssue("no test value")
    return 0
  }
}

/// Another key without a test value, so one generic declaration can read two keys.
enum UnsetNameKey: DependencyKey {
  static let liveValue = "live"
}

/// One declaration, many keys: each specialisation reads its own.
struct Holder<Key: TestDependencyKey> where Key.Value: Sendable {
  @Dependency(Key.self) var value
}

enum FirstNumber: TestDependencyKey { static let testValue = 1 }
enum SecondNumber: TestDependencyKey { static let testValue = 2 }

extension DependencyValues {
  var firstNumber: Int {
    get { self[FirstNumber.self] }
    set { self[FirstNumber.self] = newValue }
  }
  var secondNumber: Int {
    get { self[SecondNumber.self] }
    set { self[SecondNumber.self] = newValue }
  }
}

final class NumbersModel {
  @Dependency(\.firstNumber) var first
  @Dependency(\.secondNumber) var second
}

/// Reads of a model's captured values under another current scope, and messages for generic
/// declarations.
@Suite struct ScopeAndKeyReadTests {
  @Test func aReadUnderAnotherScopeSeesItsOverridesOverTheCapturedOnes() {
    let model = withDependencies {
      $0.firstNumber = 10
    } operation: {
      NumbersModel()
    }
    #expect(model.first == 10)
    #expect(model.second == 2)
    withDependencies {
      $0.secondNumber = 20
    } operation: {
      #expect(model.first == 10, "captured overrides stay")
      #expect(model.second == 20, "overrides current at the read win")
      withDependencies {
        $0.firstNumber = 30
      } operation: {
        #expect(model.first == 30)
      }
    }
    #expect(model.second == 2, "nothing of the later scope sticks")
  }

  @Test func aReadUnderAnotherScopeKeepsTheCapturedContext() {
    let model = withDependencies {
      $0.context = .live
    } operation: {
      Holder<UnsetNameKey>()
    }
    withDependencies {
      $0.firstNumber = 5
    } operation: {
      #expect(model.value == "live")
    }
  }

  @Test func aGenericDeclarationNamesTheKeyItReads() {
    let issues = recordedIssues {
      _ = Holder<MissingTestValueA>().value
      _ = Holder<MissingTestValueB>().value
    }
    #expect(issues.count == 2)
    #expect(issues.first?.contains("MissingTestValueA") == true)
    #expect(issues.first?.contains("MissingTestValueB") == false)
    #expect(issues.last?.contains("MissingTestValueB") == true)
    #expect(issues.last?.contains("MissingTestValueA") == false)
  }
}

/// Keys with only a live value: read in a test, each reports that it has no test value.
enum MissingTestValueA: DependencyKey { static let liveValue = 1 }
enum MissingTestValueB: DependencyKey { static let liveValue = 2 }
