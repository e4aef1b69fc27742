/* fatekit page bundle of sources bc2b8e93bbd747eccb2dc9c7eb703d6ef915829bd9f8d0e945a589979bcddc73 */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-XCW7X3HF.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
