import Ambient
import AmbientTestSupport
import Testing

/// Reads a dependency of its own from a default value being built.
enum DerivedKey: TestDependencyKey {
  static var testValue: String {
    @Dependency(\.allValues) var base
    return "derived from \(base)"
  }
}

extension DependencyValues {
  var derived: String {
    get { self[DerivedKey.self] }
    set { self[DerivedKey.self] = newValue }
  }
}

/// A model whose dependency is built from another one.
final class DerivedModel {
  @Dependency(\.derived) var derived
}

/// `@Dependency`: its forms, when it captures values, and which values a read sees.
@Suite struct DependencyTests {
  // MARK: Forms

  @Test func keyPath() {
    @Dependency(\.allValues) var allValues
    #expect(allValues == "test")
  }

  @Test func key() {
    @Dependency(Palette.self) var palette
    @Dependency(AllValuesKey.self) var allValues
    #expect(palette == Palette(name: "test"))
    #expect(allValues == "test")
  }

  @Test func scopedKeyPath() {
    @Dependency(\.endpoints.baseURL) var baseURL
    @Dependency(\.endpoints.fetch) var fetch
    #expect(baseURL == "https://test.example")
    #expect(fetch(1) == "test 1")

    withDependencies {
      $0.endpoints.baseURL = "https://staging.example"
      $0.endpoints.fetch = { "staging \($0)" }
    } operation: {
      #expect(baseURL == "https://staging.example")
      #expect(fetch(2) == "staging 2")
    }
  }

  @Test func keyPathValue() {
    let keyPath: any KeyPath<DependencyValues, String> & Sendable = \.allValues
    @Dependency(keyPath) var allValues
    #expect(allValues == "test")
    withDependencies {
      $0.allValues = "override"
    } operation: {
      #expect(allValues == "override")
    }
  }

  // MARK: Capture

  @Test func valuesAreCapturedWhenTheOwnerIsCreated() {
    let model = withDependencies {
      $0.allValues = "captured"
      $0.palette.name = "dark"
    } operation: {
      GreeterModel()
    }

    #expect(model.allValues == "captured")
    #expect(model.palette.name == "dark")
  }

  @Test func aModelCreatedOutsideAScopeIsNotChangedByOneItIsCreatedBefore() {
    let model = GreeterModel()
    let other = withDependencies {
      $0.allValues = "later"
    } operation: {
      GreeterModel()
    }

    #expect(model.allValues == "test")
    #expect(other.allValues == "later")
  }

  @Test func overridesInScopeAtTheReadWin() {
    let model = withDependencies {
      $0.allValues = "captured"
      $0.palette.name = "dark"
    } operation: {
      GreeterModel()
    }

    withDependencies {
      $0.allValues = "at the read"
    } operation: {
      #expect(model.allValues == "at the read")
      #expect(model.palette.name == "dark")
    }
    #expect(model.allValues == "captured")
  }

  @Test func aDefaultValueBuiltFromOtherDependenciesSeesTheOwnersValues() {
    let model = withDependencies {
      $0.allValues = "the owner's value"
    } operation: {
      DerivedModel()
    }

    #expect(model.derived == "derived from the owner's value")
  }

  @Test(oneMinuteLimit) func theWrapperIsSendable() async {
    let reader = withDependencies {
      $0.allValues = "captured"
    } operation: {
      SendableReader()
    }

    let inTask = await Task { reader.allValues }.value
    let inDetachedTask = await Task.detached { reader.allValues }.value

    #expect(inTask == "captured")
    #expect(inDetachedTask == "captured")
  }
}
