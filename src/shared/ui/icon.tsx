/**
 * An Ionicons icon drawn as inline SVG, without Ionic's <ion-icon> element: the public shell and
 * pages show icons without loading Ionic's runtime. `icon` is an export of 'ionicons/icons'.
 * Its stylesheet (src/client/components/icon.css) is one of the app's global ones (main.tsx): the
 * server renders this component too (the workshops list of workshops.html), where no stylesheet
 * can be imported.
 */

const markupByIcon = new Map<string, string>();

/** The <svg> of an ionicons data URL ("data:image/svg+xml;utf8,<svg ...>"). */
function svgMarkup(icon: string): string {
  let markup = markupByIcon.get(icon);
  if (markup === undefined) {
    markup = icon.slice(icon.indexOf(',') + 1);
    markupByIcon.set(icon, markup);
  }
  return markup;
}

export function Icon({ icon, className }: { icon: string; className?: string }) {
  // The markup is one of the icon set's own constants, never user input.
  return (
    <span
      className={className ? `icon ${className}` : 'icon'}
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: svgMarkup(icon) }}
    />
  );
}
