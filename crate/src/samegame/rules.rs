//! Same Game scoring rules: points per removed cluster, the clear bonus and
//! an optional penalty for the balls left at the end.

/// Points for removing a cluster of `m` balls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Points {
    /// (m − 2)², as in POJ 1027 and the research benchmark.
    MinusTwoSquared,
    /// (m − 1)², as in some desktop versions.
    MinusOneSquared,
}

/// What the balls left at the end cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leftover {
    /// Nothing (POJ 1027, the benchmark).
    None,
    /// (n − 2)² is taken off for n > 2 balls left (as in the SameGame
    /// literature's "penalty" variant).
    MinusTwoSquared,
}

/// How a Same Game is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Points per move.
    pub points: Points,
    /// Bonus for clearing the board (1000 by default; 0 switches it off).
    pub clear_bonus: i64,
    /// Penalty for what is left.
    pub leftover: Leftover,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            points: Points::MinusTwoSquared,
            clear_bonus: 1000,
            leftover: Leftover::None,
        }
    }
}

impl Rules {
    /// Points for removing a cluster of `size` balls (size ≥ 2).
    #[inline]
    pub fn move_points(&self, size: usize) -> i64 {
        let k = match self.points {
            Points::MinusTwoSquared => size as i64 - 2,
            Points::MinusOneSquared => size as i64 - 1,
        };
        k * k
    }

    /// What the end of the game adds to the sum of move points: the bonus
    /// when no ball is left, minus the penalty otherwise.
    pub fn end_adjustment(&self, balls_left: usize) -> i64 {
        if balls_left == 0 {
            return self.clear_bonus;
        }
        match self.leftover {
            Leftover::None => 0,
            Leftover::MinusTwoSquared => {
                let k = (balls_left as i64 - 2).max(0);
                -(k * k)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_points_are_m_minus_two_squared() {
        let r = Rules::default();
        assert_eq!(r.move_points(2), 0);
        assert_eq!(r.move_points(32), 900);
    }

    #[test]
    fn m_minus_one_squared_is_selectable() {
        let r = Rules {
            points: Points::MinusOneSquared,
            ..Rules::default()
        };
        assert_eq!(r.move_points(2), 1);
        assert_eq!(r.move_points(5), 16);
    }

    #[test]
    fn clear_bonus_only_for_an_empty_board_and_can_be_switched_off() {
        let r = Rules::default();
        assert_eq!(r.end_adjustment(0), 1000);
        assert_eq!(r.end_adjustment(1), 0);
        let off = Rules {
            clear_bonus: 0,
            ..r
        };
        assert_eq!(off.end_adjustment(0), 0);
    }

    #[test]
    fn leftover_penalty_is_off_by_default_and_optional() {
        assert_eq!(Rules::default().end_adjustment(7), 0);
        let p = Rules {
            leftover: Leftover::MinusTwoSquared,
            ..Rules::default()
        };
        assert_eq!(p.end_adjustment(7), -25);
        assert_eq!(p.end_adjustment(2), 0);
        assert_eq!(p.end_adjustment(0), 1000);
    }
}
