//! The page's solver keeps to the memory it is given: a session bounded to
//! `memory` bytes (its widest beam is `width_within(balls, memory)`) never
//! holds much more than that on the heap, measured by a counting allocator
//! while it runs beams up to and at its widest. This is what lets the page
//! state a cap for its solver workers (`WORKER_BEAM_MEMORY`, 128 MiB of
//! beam, in a worker whose memory is checked against `WORKER_MEMORY_CAP`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use clearboard::samegame::solver::{width_within, Session};
use clearboard::samegame::Board;

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn standard_position() -> Board {
    let text = include_str!("data/samegame-standard-20.txt");
    clearboard::cli::parse_positions(text).unwrap().remove(0)
}

#[test]
fn a_session_stays_within_its_memory_at_its_widest_beam() {
    let board = standard_position();
    for memory in [2usize << 20, 8 << 20] {
        let mut session = Session::new(&board, 1, 0, memory, &|_| {});
        let widest = width_within(board.balls(), memory);
        assert_eq!(session.max_width(), widest);
        let base = NOW.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        // Widths 1, 2, 4, … up to the widest, then the widest once more.
        let mut width = 1;
        while width < widest {
            session.step();
            width *= 2;
        }
        session.step();
        session.step();
        assert_eq!(session.best().width, widest);
        let used = PEAK.load(Ordering::Relaxed) - base;
        assert!(
            used <= memory,
            "{used} bytes at width {widest} for a bound of {memory}"
        );
        // The bound is not loose either: the widest beam uses a fair share.
        assert!(
            used >= memory / 8,
            "{used} bytes at width {widest}: the estimate per node is far off"
        );
    }
}
