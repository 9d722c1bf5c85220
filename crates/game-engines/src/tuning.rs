//! Texel-style tuning of a linear evaluation: fits the weights of an evaluator that is a
//! weighted sum of integer features to game results, by logistic regression.
//!
//! Each [`Sample`] is a position's features (from the side to move's point of view) and its
//! result for the side to move: 1 a win, ½ a draw, 0 a loss (the game's result, or an exact
//! value where a tablebase knows it). The fit minimises the mean squared error between the
//! result and `σ(scale · eval)`, where `eval = Σ wᵢ · fᵢ` and `σ(x) = 1 / (1 + e⁻ˣ)`:
//!
//! 1. the `scale` that fits the starting weights best is found first (a golden-section search
//!    over `0.0001 ..= 0.1`), so the weights keep their units (a Student near 100);
//! 2. then every weight moves by full-batch gradient descent with Adam steps for the given
//!    number of epochs, and is rounded to a whole number at the end.
//!
//! The fit is deterministic: the same samples, starting weights and settings give the same
//! weights (no randomness, sums in a fixed order, one thread).
//!
//! ```
//! use game_engines::tuning::{FitConfig, Sample, fit};
//!
//! // One feature that predicts the result, one that is noise: the fit trusts the first.
//! let samples: Vec<Sample> = (0..400)
//!     .map(|i| {
//!         let good = (i % 7) as i8 - 3;
//!         let noise = (i % 5) as i8 - 2;
//!         let result = if good > 0 { 1.0 } else if good < 0 { 0.0 } else { 0.5 };
//!         Sample::new(&[good, noise], result)
//!     })
//!     .collect();
//! let fitted = fit(&samples, &[10, 10], &FitConfig { epochs: 300, ..FitConfig::default() }, &mut |_| {});
//! assert!(fitted.loss_after < fitted.loss_before);
//! assert!(fitted.weights[0] > 10 * fitted.weights[1].abs(), "{:?}", fitted.weights);
//! ```

/// One training position: its non-zero features and its result for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// `(index, value)` of each non-zero feature.
    pub features: Vec<(u16, i8)>,
    /// The result for the side to move: 1 a win, ½ a draw, 0 a loss.
    pub result: f32,
}

impl Sample {
    /// A sample from all of a position's features (zeros are left out) and its result.
    #[must_use]
    pub fn new(features: &[i8], result: f32) -> Self {
        Sample {
            features: features
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v != 0)
                .map(|(i, &v)| (i as u16, v))
                .collect(),
            result,
        }
    }

    fn eval(&self, weights: &[f64]) -> f64 {
        self.features
            .iter()
            .map(|&(i, v)| weights[i as usize] * f64::from(v))
            .sum()
    }
}

/// Settings of [`fit`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitConfig {
    /// Full passes over the samples.
    pub epochs: usize,
    /// The Adam step size, in weight units.
    pub learning_rate: f64,
    /// L2 regularisation: this times the squared weights is added to the loss.
    pub l2: f64,
}

impl Default for FitConfig {
    /// 1000 epochs, steps of 1 unit, a little regularisation (1e-9 per squared unit).
    fn default() -> Self {
        FitConfig {
            epochs: 1000,
            learning_rate: 1.0,
            l2: 1e-9,
        }
    }
}

/// What [`fit`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// The weights, rounded.
    pub weights: Vec<i32>,
    /// The scale of `σ(scale · eval)`, fitted to the starting weights.
    pub scale: f64,
    /// The mean squared error with the starting weights.
    pub loss_before: f64,
    /// The mean squared error with the fitted (rounded) weights.
    pub loss_after: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of `weights` on `samples` at `scale`.
#[must_use]
pub fn loss(samples: &[Sample], weights: &[f64], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (f64::from(s.result) - sigmoid(scale * s.eval(weights))).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The scale that fits `weights` best (golden-section search over `0.0001 ..= 0.1`).
fn best_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.0001f64.ln(), 0.1f64.ln());
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if loss(samples, weights, a.exp()) < loss(samples, weights, b.exp()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    f64::midpoint(lo, hi).exp()
}

/// Fits `initial` (one weight per feature index) to `samples`; `progress` is called after each
/// epoch with the epoch (from 1). See the [module](crate::tuning).
#[must_use]
pub fn fit(
    samples: &[Sample],
    initial: &[i32],
    config: &FitConfig,
    progress: &mut dyn FnMut(usize),
) -> Fitted {
    let mut w: Vec<f64> = initial.iter().map(|&x| f64::from(x)).collect();
    let scale = best_scale(samples, &w);
    let loss_before = loss(samples, &w, scale);
    let n = samples.len().max(1) as f64;
    let (beta1, beta2, eps) = (0.9f64, 0.999f64, 1e-8);
    let mut m = vec![0.0; w.len()];
    let mut v = vec![0.0; w.len()];
    let mut grad = vec![0.0; w.len()];
    for epoch in 1..=config.epochs {
        grad.fill(0.0);
        for s in samples {
            let p = sigmoid(scale * s.eval(&w));
            // d/dw (r - p)² = -2 (r - p) p (1 - p) scale f
            let common = -2.0 * (f64::from(s.result) - p) * p * (1.0 - p) * scale / n;
            for &(i, f) in &s.features {
                grad[i as usize] += common * f64::from(f);
            }
        }
        let t = epoch as i32;
        for i in 0..w.len() {
            let g = grad[i] + 2.0 * config.l2 * w[i];
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(t));
            let v_hat = v[i] / (1.0 - beta2.powi(t));
            w[i] -= config.learning_rate * m_hat / (v_hat.sqrt() + eps);
        }
        progress(epoch);
    }
    let weights: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    let rounded: Vec<f64> = weights.iter().map(|&x| f64::from(x)).collect();
    let loss_after = loss(samples, &rounded, scale);
    Fitted {
        weights,
        scale,
        loss_before,
        loss_after,
    }
}
