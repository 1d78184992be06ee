import { HomeSection } from './home-section';

const VALUES = [
  {
    title: 'Evidence before conviction',
    text: 'Every idea is written as exact rules and tested on historical data, costs included, before it risks any capital.',
  },
  {
    title: 'Risk before return',
    text: 'Position sizing, stop-losses and limits on total exposure are designed into each system, not added later.',
  },
  {
    title: 'Discipline over emotion',
    text: 'Systems trade by their rules in every market. Changes go through the same testing as the original design.',
  },
  {
    title: 'Learning in the open',
    text: 'We share our methods through free workshops and webinars, because better-informed traders make better markets.',
  },
] as const;

export function MissionSection() {
  return (
    <HomeSection id="mission" title="Our Mission and Values">
      <p className="section-intro">
        Our mission is to make systematic trading in Indian markets understood, tested and practised with discipline:
        for the firms we build systems for, the investors whose portfolios they serve, and the traders who learn with
        us.
      </p>
      <ul className="values-grid">
        {VALUES.map((value) => (
          <li key={value.title}>
            <h3>{value.title}</h3>
            <p>{value.text}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
