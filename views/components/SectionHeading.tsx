interface SectionHeadingProps {
  id: string;
  heading: string;
  lead?: string;
}

/** A section's h2 and lead, centred; `id` labels the section for assistive technology. */
export function SectionHeading({ id, heading, lead }: SectionHeadingProps) {
  return (
    <div className="section-heading">
      <h2 id={id}>{heading}</h2>
      {lead && <p>{lead}</p>}
    </div>
  );
}
