/**
 * What the running program knows of each model's latest guess, and when "when ⟨model⟩ sees ⟨label⟩" fires:
 * each time the model's best label changes (a new label, not every frame that shows it, as Scratch's
 * edge-triggered hats do). Pure: the session feeds it probabilities, tests feed it numbers.
 */
export interface Guess {
  readonly label: string;
  /** Per label, 0–100. */
  readonly percents: ReadonlyMap<string, number>;
}

export class Guesses {
  private readonly latest = new Map<string, Guess>();

  /** Records a model's probabilities (in label order); returns the label when the best one changed, else null. */
  update(modelId: string, labels: readonly string[], probabilities: ArrayLike<number>): string | null {
    let best = 0;
    for (let k = 1; k < labels.length; k++) {
      if ((probabilities[k] ?? 0) > (probabilities[best] ?? 0)) best = k;
    }
    const label = labels[best] ?? '';
    const percents = new Map(labels.map((name, k) => [name, Math.round((probabilities[k] ?? 0) * 100)]));
    const before = this.latest.get(modelId)?.label;
    this.latest.set(modelId, { label, percents });
    return label !== before ? label : null;
  }

  get(modelId: string): Guess | undefined {
    return this.latest.get(modelId);
  }

  /** The best label now ('' before the first guess). */
  label(modelId: string): string {
    return this.latest.get(modelId)?.label ?? '';
  }

  /** How sure the model is of `label`, 0–100 (0 for a label it does not have, or before the first guess). */
  percent(modelId: string, label: string): number {
    return this.latest.get(modelId)?.percents.get(label) ?? 0;
  }
}
