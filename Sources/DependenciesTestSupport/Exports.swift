// Upstream's test files import the `.dependency` trait from `DependenciesTestSupport`; here it
// lives in `SQLiteDataTestSupport`, and this module gives it under that name too.
@_exported import SQLiteDataTestSupport
