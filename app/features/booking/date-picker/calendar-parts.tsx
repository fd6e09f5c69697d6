import { createContext, useContext } from "react";
import { DayButton, useDayPicker, type DayButtonProps, type DropdownProps } from "react-day-picker";
import { markerDescription } from "~/features/booking/date-picker/view";
import type { CalendarDate, DayMarker } from "~/features/booking/date-picker/rules";

/**
 * What the custom react-day-picker parts need from the DatePicker. Passed through context so
 * the part components stay module-level (stable identities: the calendar never remounts).
 */
export type CalendarPartsContext = {
  idPrefix: string;
  markers: Map<CalendarDate, DayMarker[]>;
  /** Months (1–12) the month dropdown may offer for the displayed year. */
  months: readonly number[];
  /** Years the year dropdown may offer. */
  years: readonly number[];
  /** A disabled day was activated (keyboard focus lands on disabled days; Enter then does nothing). */
  onUnavailableDay: (date: CalendarDate) => void;
};

export const PartsContext = createContext<CalendarPartsContext | null>(null);

/** Id of the element describing a day's markers (for aria-describedby). */
export function markerDescriptionId(idPrefix: string, date: CalendarDate): string {
  return `${idPrefix}-marker-${date}`;
}

/**
 * The day button with its markers: a dot or a line per marker under the number, in the
 * marker's colour; the tooltip texts describe the button for screen readers and show as a
 * tooltip on hover and on keyboard focus.
 */
export function MarkedDayButton(props: DayButtonProps) {
  const { day, modifiers, children, className, onClick, ...rest } = props;
  const parts = useContext(PartsContext);
  const markers = parts?.markers.get(day.isoDate);
  const description = markerDescription(markers);
  const descriptionId = parts && description ? markerDescriptionId(parts.idPrefix, day.isoDate) : undefined;
  const tooltips = markers?.flatMap((marker) => marker.tooltips ?? []).filter((tip) => tip.text.trim()) ?? [];

  return (
    <DayButton
      {...rest}
      day={day}
      modifiers={modifiers}
      className={`${className ?? ""} dp-day-button`}
      aria-describedby={descriptionId}
      onClick={(event) => {
        onClick?.(event);
        if (modifiers.disabled) parts?.onUnavailableDay(day.isoDate);
      }}
    >
      <span className="dp-day-number">{children}</span>
      {markers?.length ? (
        <span aria-hidden="true" className="dp-markers">
          {markers.map((marker, index) => (
            <span
              key={index}
              className={marker.type === "line" ? "dp-marker dp-marker-line" : "dp-marker dp-marker-dot"}
              style={marker.color ? { backgroundColor: marker.color } : undefined}
            />
          ))}
        </span>
      ) : null}
      {descriptionId ? (
        <>
          <span id={descriptionId} className="sr-only">
            {description}
          </span>
          <span aria-hidden="true" className="dp-tooltip" role="presentation">
            {tooltips.map((tip, index) => (
              <span key={index} className="dp-tooltip-line">
                <span className="dp-tooltip-swatch" style={tip.color ? { backgroundColor: tip.color } : undefined} />
                {tip.text}
              </span>
            ))}
          </span>
        </>
      ) : null}
    </DayButton>
  );
}

/** The month dropdown, offering only the months the min/max dates allow (rules: selectableMonths). */
export function LimitedMonthsDropdown(props: DropdownProps) {
  const { components } = useDayPicker();
  const parts = useContext(PartsContext);
  const options = parts ? props.options?.filter((option) => parts.months.includes(option.value + 1)) : props.options;
  return <components.Dropdown {...props} options={options} />;
}

/** The year dropdown, offering only the years the min/max dates allow (rules: selectableYears). */
export function LimitedYearsDropdown(props: DropdownProps) {
  const { components } = useDayPicker();
  const parts = useContext(PartsContext);
  const options = parts ? props.options?.filter((option) => parts.years.includes(option.value)) : props.options;
  return <components.Dropdown {...props} options={options} />;
}
