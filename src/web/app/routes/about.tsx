import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

const FACTS = [
  ['No broker fees', 'Renters never pay a broker fee on Stoop, and landlords list for free.'],
  ['Direct messages', 'Renters talk to the person who owns or manages the apartment.'],
  ['Tours on your schedule', 'Landlords publish their availability; renters book a slot.'],
] as const;

/** /about */
export function Component() {
  return (
    <Page title="About Us">
      <PageHeader
        title="About Stoop"
        description="Stoop is a rental marketplace for New York with one rule: nobody pays a broker fee."
      />
      <div className="flex flex-col gap-10 text-stone-700">
        <section aria-labelledby="why-heading">
          <h2 id="why-heading" className="text-xl font-semibold text-stone-900">
            Why we built it
          </h2>
          <p className="mt-3 leading-relaxed">
            In New York, a broker fee can add a month or more of rent to the cost of moving. Many
            landlords would rather talk to renters themselves, and many renters would rather spend
            that money on the apartment. Stoop puts the two together, and stays out of the way.
          </p>
        </section>

        <ul className="grid gap-4 sm:grid-cols-3">
          {FACTS.map(([title, text]) => (
            <li key={title} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-stone-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-600">{text}</p>
            </li>
          ))}
        </ul>

        <section aria-labelledby="renters-heading">
          <h2 id="renters-heading" className="text-xl font-semibold text-stone-900">
            How it works for renters
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 leading-relaxed">
            <li>Search apartments by price, bedrooms, neighborhood and amenities.</li>
            <li>Save the ones you like and keep private notes when you visit.</li>
            <li>Message the landlord with your questions and book a tour.</li>
            <li>Sign your lease with the landlord. No fee to Stoop, no fee to a broker.</li>
          </ol>
        </section>

        <section aria-labelledby="landlords-heading">
          <h2 id="landlords-heading" className="text-xl font-semibold text-stone-900">
            How it works for landlords
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 leading-relaxed">
            <li>Create a free account and publish your listings with photos.</li>
            <li>Answer renters in one inbox and set the times you can show the apartment.</li>
            <li>Keep a waitlist of interested renters for your next vacancy.</li>
          </ol>
        </section>

        <div className="flex flex-col gap-3 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-medium text-brand-900">
            Ready to find your next place, or your next tenant?
          </p>
          <Link to="/register" className={buttonClass('primary', 'md')}>
            Join Stoop
          </Link>
        </div>
      </div>
    </Page>
  );
}
