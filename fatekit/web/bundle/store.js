/* fatekit page bundle of sources 3b40720da5d2fb54b73200bb437b124682bdccf3a15529c1d25011654bb55e48 */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j}from"./chunk-GA7RMI5J.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
