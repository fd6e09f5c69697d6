/**
 * The colour typed (the text field) or picked (the colour input): whichever the person changed
 * from the draft's (`previousColor`), the text when both were.
 */
export function chosenColor(formData: FormData): void {
  const [text, picked, previous] = ["primaryColor", "primaryColorPicker", "previousColor"].map((name) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.trim().toLowerCase() : "";
  });
  if (picked && picked !== previous && text === previous) formData.set("primaryColor", picked);
}
