/**
 * The dashboard home's figures. The spec fixes them as demo placeholders (SPEC §2, §9: "Demo
 * dashboard numbers are fixed placeholders"); the page labels them as sample data so nobody takes
 * them for live figures.
 */
export const DEMO_STATS = [
  { label: 'Total projects', value: '48', change: '+12% this month' },
  { label: 'Active clients', value: '32', change: '+4 this month' },
  { label: 'New enquiries', value: '15', change: '+3 this week' },
  { label: 'Revenue', value: '$24,500', change: '+8% this month' },
] as const;

export const DEMO_RECENT_PROJECTS = [
  { name: 'E-commerce website redesign', client: 'Urban Threads', status: 'In progress', progress: 75 },
  { name: 'Mobile banking app', client: 'Northwind Finance', status: 'Review', progress: 90 },
  { name: 'Brand identity refresh', client: 'Green Leaf Café', status: 'In progress', progress: 40 },
  { name: 'SEO campaign', client: 'Summit Realty', status: 'Completed', progress: 100 },
] as const;

export const DEMO_RECENT_MESSAGES = [
  { from: 'Sarah Johnson', subject: 'Question about the website timeline', received: '10 minutes ago' },
  { from: 'Michael Chen', subject: 'Feedback on the logo concepts', received: '1 hour ago' },
  { from: 'Emma Williams', subject: 'Invoice for the March retainer', received: '3 hours ago' },
  { from: 'David Brown', subject: 'New project enquiry: fitness app', received: 'Yesterday' },
] as const;
