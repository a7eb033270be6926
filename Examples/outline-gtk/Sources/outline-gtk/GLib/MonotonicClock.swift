import CGtk

/// Seconds on a clock that only goes forward (GLib's monotonic time), for
/// the status line and the benchmark.
func monotonicSeconds() -> Double {
  Double(g_get_monotonic_time()) / 1_000_000
}
