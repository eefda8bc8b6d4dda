import Dependencies
import DependenciesTestSupport
import Testing
import Weather

@Test(
  .dependencies {
    $0.weather.favourites = { ["Oslo"] }
    $0.weather.forecast = { city in Forecast(city: city, celsius: 3) }
    $0.weather.log = { _ in }
    $0.thermometer = Thermometer(offset: 1)
  }
)
func readsTheFavourites() async throws {
  let forecasts = try await WeatherModel().favouriteForecasts()
  #expect(forecasts == [Forecast(city: "Oslo", celsius: 4)])
}

@Test func anUnimplementedEndpointIsReported() async {
  @Dependency(\.weather) var weather
  await withKnownIssue {
    _ = try await weather.forecast(city: "Rome")
  }
  #expect(weather.units() == "metric")
}

@Test func theEntryDefaultsEverywhere() {
  @Dependency(\.thermometer) var thermometer
  #expect(thermometer.offset == 0)
}
