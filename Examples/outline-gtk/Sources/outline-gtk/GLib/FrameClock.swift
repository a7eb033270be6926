import CGtk

/// Runs the main loop until `window` has painted a frame: the end of an
/// action, as a user sees it (the frame clock's `after-paint`).
func waitForPaintedFrame(of window: Widget) {
  guard let clock = gtk_widget_get_frame_clock(window) else { return }
  var painted = false
  let handler = clock.on("after-paint") { painted = true }
  gtk_widget_queue_draw(window)
  while !painted { g_main_context_iteration(nil, 1) }
  clock.disconnect(handler)
}

/// Runs the main loop for `seconds`, handling whatever comes.
func runMainLoop(for seconds: Double) {
  let end = monotonicSeconds() + seconds
  while monotonicSeconds() < end {
    if g_main_context_iteration(nil, 0) == 0 { g_usleep(500) }
  }
}

/// Handles every event and callback that is ready, without waiting.
func drainMainLoop() {
  while g_main_context_pending(nil) != 0 { g_main_context_iteration(nil, 0) }
}

/// Runs `body` once, when the main loop is idle: after the events being
/// handled now, outside any signal GTK is emitting.
func whenIdle(_ body: @escaping () -> Void) {
  let box = Unmanaged.passRetained(SignalClosure(body)).toOpaque()
  g_idle_add_full(
    G_PRIORITY_DEFAULT_IDLE, { data in
      Unmanaged<SignalClosure<() -> Void>>.fromOpaque(data!).takeUnretainedValue().body()
      return 0
    }, box, { Unmanaged<AnyObject>.fromOpaque($0!).release() })
}
