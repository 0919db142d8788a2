// dcg-kg: the SPARQL editor's keys (the page works without it): Ctrl+Enter (or Cmd+Enter)
// runs the query, Tab indents by two spaces instead of leaving the text box.
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("query");
  if (!box) return;
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      box.form.requestSubmit();
    } else if (event.key === "Tab" && !event.shiftKey) {
      event.preventDefault();
      box.setRangeText("  ", box.selectionStart, box.selectionEnd, "end");
    }
  });
});
