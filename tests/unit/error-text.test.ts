/**
 * The root error page's words (app/components/layout/error-text.ts; docs/product.md, Messages and
 * errors "Error pages"): a title per status, the server's own message for a 4xx, and nothing of the
 * error for a 5xx or an exception.
 */
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { errorText } from "../../app/components/layout/error-text";

describe("errorText", () => {
  it("a 403 with the server's message shows the message under the 403 title, never the reason phrase", () => {
    const text = errorText(new ErrorResponse(403, "Internal Server Error", { message: "Only developers have a balance to withdraw" }));
    expect(text).toEqual({ title: "You can't open this page", detail: "Only developers have a balance to withdraw", unexpected: false });
  });

  it("a plain-text body is the message too; an empty one gives the status's own sentence", () => {
    expect(errorText(new ErrorResponse(404, "Not Found", "Client not found")).detail).toBe("Client not found");
    expect(errorText(new ErrorResponse(404, "Not Found", null))).toEqual({
      title: "Page not found",
      detail: "The page you are looking for does not exist.",
      unexpected: false,
    });
    expect(errorText(new ErrorResponse(400, "Bad Request", { message: "  " })).detail).toBe("Check the address and try again.");
  });

  it("each refusal status has its own title", () => {
    expect(errorText(new ErrorResponse(400, "", null)).title).toBe("This link is not valid");
    expect(errorText(new ErrorResponse(401, "", null)).title).toBe("Please sign in");
    expect(errorText(new ErrorResponse(409, "", { message: "This proposal was already answered" }))).toEqual({
      title: "Something went wrong",
      detail: "This proposal was already answered",
      unexpected: false,
    });
  });

  it("a 5xx or an exception shows no details and is marked unexpected (a reference is shown)", () => {
    expect(errorText(new ErrorResponse(500, "Internal Server Error", { message: "connection refused at 10.0.0.4" }))).toEqual({
      title: "Something went wrong",
      detail: "Please try again in a moment.",
      unexpected: true,
    });
    expect(errorText(new Error("secret stack"))).toEqual({ title: "Something went wrong", detail: "Please try again in a moment.", unexpected: true });
    expect(errorText(new ErrorResponse(503, "", null)).title).toBe("BuildZA is briefly unavailable");
  });
});
