import Dependencies
import DependenciesMacros

/// A forecast for one city.
public struct Forecast: Equatable, Sendable {
  public var city: String
  public var celsius: Int

  public init(city: String, celsius: Int) {
    self.city = city
    self.celsius = celsius
  }
}

@DependencyClient
public struct WeatherClient: Sendable {
  public var forecast: @Sendable (_ city: String) async throws -> Forecast
  public var favourites: @Sendable () -> [String]
  public var isOnline: @Sendable () async -> Bool
  public var log: @Sendable (_ message: String) -> Void
  public var units: @Sendable () -> String = { "metric" }
}

extension WeatherClient: TestDependencyKey {
  public static let testValue = WeatherClient()
}

extension DependencyValues {
  public var weather: WeatherClient {
    get { self[WeatherClient.self] }
    set { self[WeatherClient.self] = newValue }
  }
}

/// How warm the app says it is.
public final class Thermometer: Sendable {
  public init(offset: Int = 0) { self.offset = offset }
  public let offset: Int
}

extension DependencyValues {
  @DependencyEntry public var thermometer = Thermometer()
}

/// Reads the weather for the favourite cities.
public struct WeatherModel: Sendable {
  @Dependency(\.weather) var weather
  @Dependency(\.thermometer) var thermometer

  public init() {}

  public func favouriteForecasts() async throws -> [Forecast] {
    var forecasts: [Forecast] = []
    for city in weather.favourites() {
      weather.log(message: "fetching \(city)")
      var forecast = try await weather.forecast(city: city)
      forecast.celsius += thermometer.offset
      forecasts.append(forecast)
    }
    return forecasts
  }
}
