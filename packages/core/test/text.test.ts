import { describe, expect, it } from "vitest";
import { clip } from "../src/index.js";

describe("clip", () => {
  it("keeps text within the limit whole and cuts longer text to it", () => {
    expect(clip("abc", 3)).toBe("abc");
    expect(clip("abcd", 3)).toBe("abc");
    expect(clip("", 0)).toBe("");
  });
  it("never leaves half of a surrogate pair", () => {
    const face = "\u{1F600}"; // two UTF-16 code units
    expect(clip(`ab${face}`, 3)).toBe("ab");
    expect(clip(`ab${face}`, 4)).toBe(`ab${face}`);
    expect(clip(`a${face}b`, 3)).toBe(`a${face}`);
    expect(clip(`${face}${face}`, 3)).toBe(face);
  });
});
