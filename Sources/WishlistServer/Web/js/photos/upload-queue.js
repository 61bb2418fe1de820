// Files waiting to be uploaded, a few at a time (W2): the photo picker's uploads without its
// screen, so the order, the limit, progress, retries and cancelling can be tested on their own.
// `upload(file, {signal, onProgress})` does one upload (photoService.upload in the app, a fake in
// tests) and resolves with its result.

/** Uploads at once: enough to keep the line busy, few enough for a phone and a 2-core server. */
const DEFAULT_CONCURRENCY = 2;

/**
 * Each enqueued file is a job `{file, state, progress, result, error}` whose state goes
 * "queued" → "uploading" → "done" or "failed"; "cancelled" once let go of. Events, each with the
 * job as `detail`: "progress" (its `progress` from 0 to 1 moved) and "change" (its state changed).
 */
export class UploadQueue extends EventTarget {
  #upload;
  #concurrency;
  #queued = [];
  #running = new Map();
  #waiting = [];

  constructor(upload, { concurrency = DEFAULT_CONCURRENCY } = {}) {
    super();
    this.#upload = upload;
    this.#concurrency = concurrency;
  }

  /** Queues `file`; returns its job. */
  enqueue(file) {
    const job = { file, state: "queued", progress: 0, result: null, error: null };
    this.#queued.push(job);
    this.#pump();
    return job;
  }

  /** Queues a failed job again, from no progress. */
  retry(job) {
    if (job.state !== "failed") return;
    job.error = null;
    this.#set(job, "queued", 0);
    this.#queued.push(job);
    this.#pump();
  }

  /** Lets go of a job: out of the queue, or its upload aborted; its result, if any, is kept. */
  cancel(job) {
    if (job.state === "queued") this.#queued.splice(this.#queued.indexOf(job), 1);
    if (job.state === "uploading") this.#running.get(job).abort();
    if (job.state === "queued" || job.state === "uploading") {
      this.#running.delete(job);
      this.#set(job, "cancelled", job.progress);
      this.#pump();
    }
  }

  /** True while a job is queued or uploading. */
  get pending() {
    return this.#queued.length > 0 || this.#running.size > 0;
  }

  /** Resolves once no job is queued or uploading (at once when none is). */
  settled() {
    if (!this.pending) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Starts queued jobs, first queued first, while fewer than the limit run. */
  #pump() {
    while (this.#running.size < this.#concurrency && this.#queued.length > 0) this.#start(this.#queued.shift());
    if (!this.pending) for (const resolve of this.#waiting.splice(0)) resolve();
  }

  async #start(job) {
    const controller = new AbortController();
    this.#running.set(job, controller);
    this.#set(job, "uploading", 0);
    const onProgress = (fraction) => {
      if (job.state !== "uploading") return;
      job.progress = fraction;
      this.dispatchEvent(new CustomEvent("progress", { detail: job }));
    };
    try {
      const result = await this.#upload(job.file, { signal: controller.signal, onProgress });
      if (job.state !== "uploading") return; // Cancelled meanwhile: cancel said so already.
      job.result = result;
      this.#running.delete(job);
      this.#set(job, "done", 1);
    } catch (error) {
      if (job.state !== "uploading") return;
      job.error = error;
      this.#running.delete(job);
      this.#set(job, "failed", job.progress);
    }
    this.#pump();
  }

  #set(job, state, progress) {
    job.state = state;
    job.progress = progress;
    this.dispatchEvent(new CustomEvent("change", { detail: job }));
  }
}
